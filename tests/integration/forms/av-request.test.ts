import { beforeAll, describe, expect, it } from 'vitest';
import orders from '../../../netlify/functions/orders.mts';
import avRequest from '../../../netlify/functions/forms-av-request.mts';
import { site } from '../../../src/config/site.ts';
import { agb } from '../../../src/data/agb.ts';
import { formatReceivedAt } from '../../../src/lib/forms/dates.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { legalTexts } from '../../../src/server/documents/legal-texts.ts';
import { inboxSources } from '../../../src/server/inbox/sources.ts';
import { pdfText } from '../../support/pdf-text.ts';
import { loggedIn } from '../auth/helpers.ts';
import { afterResponsesSettled, type Visitor } from '../http/visitor.ts';
import { expectRefused, preparedVisitor, type BadInput } from './helpers.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

/**
 * POST /api/forms/av-request (issue 20, docs/decisions/0036-av-agreement.md): the agreement goes
 * only to the address on record for a customer number and its postal code, names the customer
 * from their record, and the answer is the same whether anything was sent or not.
 */

const send = (visitor: Visitor, body: unknown) => visitor.call(avRequest, '/api/forms/av-request', { method: 'POST', json: body });

interface Customer {
  email: string;
  customerNumber: string;
}

/** A customer account with its own order as a business at the address given; `verified`: the address is confirmed. */
async function customerWithOrder(company: string, postalCode: string, verified = true): Promise<Customer> {
  const { visitor, account } = await loggedIn();
  await placeBusinessOrder(visitor, account.email, company, postalCode);
  const db = await getDb();
  const { rows } = await db.query<{ customer_number: string }>(
    'UPDATE users SET email_verified_at = CASE WHEN $2 THEN now() END WHERE email = $1 RETURNING customer_number',
    [account.email, verified],
  );
  return { email: account.email, customerNumber: rows[0]!.customer_number };
}

async function placeBusinessOrder(visitor: Visitor, email: string, company: string, postalCode: string): Promise<void> {
  const response = await visitor.call(orders, '/api/orders', {
    method: 'POST',
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    json: withProofOfWork({
      items: [{ id: 'webapp-basis-6m', quantity: 1 }],
      customer: { type: 'business', company, name: 'Jürgen Weiß', street: 'Hohe Straße 12', postalCode, city: 'Köln', country: 'Deutschland', email },
      paymentMethod: 'invoice',
      consents: { agb: true, agbVersion: agb.version },
    }),
  });
  if (response.status !== 201) throw new Error(`order failed: ${response.status} ${await response.text()}`);
}

async function outboxSize(): Promise<number> {
  const { rows } = await (await getDb()).query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox');
  return rows[0]!.n;
}

interface Sent {
  status: number;
  contentType: string | null;
  body: Record<string, unknown>;
  /** Mails queued by this request. */
  mails: { recipient: string; subject: string; text_body: string; attachments: { filename: string; contentType: string; content: string }[] | null }[];
}

/** Sends a request with a solved security check; the answer and the mails it queued. */
async function request(fields: Record<string, unknown>): Promise<Sent> {
  const { visitor, security } = await preparedVisitor();
  const db = await getDb();
  // The orders placed before have mailed their first invoice after their answer: not this request's.
  await afterResponsesSettled();
  const { rows: last } = await db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM mail_outbox');
  const response = await send(visitor, { ...fields, ...security });
  const { rows: mails } = await db.query<Sent['mails'][number]>(
    'SELECT recipient, subject, text_body, attachments FROM mail_outbox WHERE id > $1 ORDER BY id',
    [last[0]!.id],
  );
  return { status: response.status, contentType: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown>, mails };
}

/** What an answer shows whatever its values: status, type, keys and the kind of each value. */
function shapeOf(sent: Sent) {
  return {
    status: sent.status,
    contentType: sent.contentType,
    body: Object.fromEntries(Object.entries(sent.body).map(([key, value]) => [key, typeof value])),
  };
}

async function storedRequest(id: unknown) {
  const { rows } = await (await getDb()).query('SELECT customer_id, postal_code, email FROM av_requests WHERE id = $1', [id]);
  return rows[0];
}

// Opening and migrating the database can take a while on a busy machine: not inside a test's time.
beforeAll(async () => {
  await getDb();
});

describe('POST /api/forms/av-request', () => {
  it('mails the agreement only to the address on record, naming the customer from the latest order', async () => {
    const customer = await customerWithOrder('Müller & Söhne *Bau* GmbH', '50667');
    const typed = `fremd.${Date.now()}@example.test`;
    // Typed as a customer might: lower case, without the zeros; an address sent along is ignored.
    const sent = await request({ customerId: customer.customerNumber.toLowerCase().replace(/-0+/, ' '), postalCode: ' 506 67 ', email: typed });

    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ id: expect.any(Number), receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), confirmationMailed: true });
    expect(await storedRequest(sent.body.id)).toEqual({ customer_id: customer.customerNumber, postal_code: '506 67', email: customer.email });
    expect(sent.mails.map((mail) => mail.recipient)).toEqual([customer.email, site.email]);
    expect(sent.mails.some((mail) => mail.recipient === typed)).toBe(false);

    const [receipt, notification] = sent.mails;
    expect(receipt!.subject).toBe('Ihr Vertrag zur Auftragsverarbeitung (AV-Vertrag)');
    expect(receipt!.text_body).toContain('Guten Tag Jürgen Weiß,');
    expect(receipt!.text_body).toContain(`Kundennummer: ${customer.customerNumber}`);
    expect(receipt!.text_body).toContain('Auftraggeber: Müller & Söhne *Bau* GmbH, Hohe Straße 12, 50667 Köln, Deutschland');
    expect(notification!.subject).toBe(`AV-Vertrag versandt: Kundennummer ${customer.customerNumber}`);
    expect(notification!.attachments ?? []).toEqual([]);

    const [document] = receipt!.attachments!;
    expect(document).toMatchObject({ filename: `AV-Vertrag-${customer.customerNumber}.pdf`, contentType: 'application/pdf' });
    const { text } = await pdfText(Buffer.from(document!.content, 'base64'));
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Verantwortlicher (Auftraggeber): Müller & Söhne *Bau* GmbH, Hohe Straße 12, 50667 Köln, Deutschland, Kundennummer ${customer.customerNumber}`);
    expect(flat).toContain(`ausgestellt am ${formatReceivedAt(String(sent.body.receivedAt)).date}`);
    expect(flat).not.toContain('[Name und Anschrift des Auftraggebers]');
    expect(flat).not.toMatch(/\{\{/);
    // One text: every heading of the draft that /av-vertrag shows is in the mailed agreement.
    const headings = [...legalTexts.avVertrag.markdown.matchAll(/^#{3,4} (.+)$/gmu)].map((match) => match[1]!);
    expect(headings).toEqual(expect.arrayContaining(['Anlage 1: Technische und organisatorische Maßnahmen (Art. 32 DSGVO)', 'Anlage 2: Unterauftragsverarbeiter']));
    for (const heading of headings) expect(flat).toContain(heading);
    for (const processor of ['Netlify, Inc., San Francisco, USA', 'Neon, Inc., USA', `${site.mailProvider.name}, ${site.mailProvider.address}`]) expect(flat).toContain(processor);
  });

  it('answers an unknown number, a wrong postal code and an unconfirmed account alike, and sends nothing', async () => {
    const customer = await customerWithOrder('Weiß Logistik KG', '50668');
    const unconfirmed = await customerWithOrder('Unbestätigt GmbH', '50669', false);
    const known = await request({ customerId: customer.customerNumber, postalCode: '50668' });
    expect(known.mails).toHaveLength(2);

    const db = await getDb();
    const before = await outboxSize();
    const refusals = {
      unknown: await request({ customerId: 'K-999999999', postalCode: '50668' }),
      wrongPostalCode: await request({ customerId: customer.customerNumber, postalCode: '50667' }),
      unconfirmed: await request({ customerId: unconfirmed.customerNumber, postalCode: '50669' }),
    };
    expect(await outboxSize()).toBe(before);
    for (const sent of Object.values(refusals)) {
      expect(sent.mails).toEqual([]);
      expect(shapeOf(sent)).toEqual(shapeOf(known));
      expect(sent.body.confirmationMailed).toBe(true);
      expect(await storedRequest(sent.body.id)).toMatchObject({ email: null });
    }
    const stored = await storedRequest(refusals.unknown.body.id);
    expect(stored).toEqual({ customer_id: 'K-999999999', postal_code: '50668', email: null });
    // Agents see in the inbox that nothing went out.
    expect(await inboxSources['av-request'].details(stored!, db)).toContainEqual({ label: 'Versand', kind: 'text', value: 'keiner – Kundennummer und Postleitzahl passen zu keinem Kunden' });
  });

  it('takes the address of the newest order: an older postal code no longer fits', async () => {
    const { visitor, account } = await loggedIn();
    await placeBusinessOrder(visitor, account.email, 'Altbau GmbH', '50670');
    await placeBusinessOrder(visitor, account.email, 'Neubau GmbH', '50672');
    const db = await getDb();
    const { rows } = await db.query<{ customer_number: string }>('UPDATE users SET email_verified_at = now() WHERE email = $1 RETURNING customer_number', [account.email]);
    const customerNumber = rows[0]!.customer_number;

    expect((await request({ customerId: customerNumber, postalCode: '50670' })).mails).toEqual([]);
    // SPEC §3 sends the customer id as a number: 42 is K-000042.
    const sent = await request({ customerId: Number(customerNumber.slice(2)), postalCode: '50672' });
    expect(sent.mails[0]!.text_body).toContain('Auftraggeber: Neubau GmbH, Hohe Straße 12, 50672 Köln, Deutschland');
  });

  const fields = { customerId: 'K-000042', postalCode: '50667' };
  const bad: BadInput[] = [
    ['customer number missing', { customerId: '' }, 'customerId', 'Kundennummer ist erforderlich'],
    ['customer number not ours', { customerId: 'V-000042' }, 'customerId', 'Bitte geben Sie Ihre Kundennummer so ein, wie sie im Kundenbereich steht, zum Beispiel K-000042.'],
    ['customer number zero', { customerId: 0 }, 'customerId', 'Bitte geben Sie Ihre Kundennummer so ein, wie sie im Kundenbereich steht, zum Beispiel K-000042.'],
    ['postal code missing', { postalCode: ' ' }, 'postalCode', 'Postleitzahl ist erforderlich'],
    ['postal code too long', { postalCode: '12345678901' }, 'postalCode', 'Bitte höchstens 10 Zeichen eingeben.'],
    ['captcha missing', { captcha: undefined }, 'captcha', 'Sicherheitscode ist erforderlich'],
  ];
  for (const input of bad) it(`answers 400 and stores nothing when ${input[0]}`, () => expectRefused(send, 'av_requests', fields, input));
});
