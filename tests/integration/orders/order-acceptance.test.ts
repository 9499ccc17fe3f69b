import { describe, expect, it } from 'vitest';
import withdrawalIdentity from '../../../netlify/functions/forms-withdrawal-identity.mts';
import withdrawal from '../../../netlify/functions/forms-withdrawal.mts';
import orders from '../../../netlify/functions/orders.mts';
import captchaImage from '../../../netlify/functions/security-captcha-image.mts';
import { agb } from '../../../src/data/agb.ts';
import { addDays } from '../../../src/lib/contracts/ends.ts';
import { servicesStartOn } from '../../../src/lib/contracts/service-start.ts';
import { germanDate, todayIso } from '../../../src/lib/forms/dates.ts';
import { acceptanceDeadline } from '../../../src/lib/orders/acceptance.ts';
import { inboxMessages } from '../../../src/lib/schemas/inbox.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { env } from '../../../src/server/env.ts';
import { legalTexts } from '../../../src/server/documents/legal-texts.ts';
import { runBilling } from '../../../src/features/billing/server/billing-run.ts';
import { orderDecisionMessages } from '../../../src/server/orders/decide.ts';
import { captchaAnswer } from '../../../src/server/security/captcha.ts';
import { pdfText } from '../../support/pdf-text.ts';
import { primed } from '../auth/helpers.ts';
import { inboxAction, seed, type InboxItem } from '../agent/helpers.ts';
import { ORIGIN, Visitor } from '../http/visitor.ts';
import { anAgent, decide, orderIdOf } from './decisions.ts';
import { withProofOfWork } from './proof-of-work.ts';

/**
 * Issue 33, decision 0053: orders are accepted before they are billed. An order of fixed catalogue
 * items is accepted with its confirmation; one with a configured item, hours or a domain waits for
 * an agent, who accepts it within the acceptance period (contracts from the acceptance day, the
 * Auftragsbestätigung with the PDF, then the first invoice) or rejects it with a reason. Without a
 * decision it lapses the day after its deadline. Nothing is invoiced and no SEPA pre-notification
 * goes out before the acceptance; a rejected or lapsed order never bills.
 */

const today = todayIso();
const deadline = acceptanceDeadline(today);
const CONFIGURATION = 'app;typen=portal;entwicklung=10;support=0;hosting=monatlich;anpassung=nein';
const CONFIGURED = [
  { id: `konfiguration-einrichtung:${CONFIGURATION}`, quantity: 1 },
  { id: `konfiguration-betrieb:${CONFIGURATION}`, quantity: 1 },
];
const IBAN = 'DE89370400440532013000';

const plain = (text: string): string => text.replace(/\u00a0/g, ' ');
const uniqueEmail = (label: string) => `annahme-${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`;

/** A consumer without the early start, paying by direct debit: a first invoice would carry the pre-notification. */
function configuredOrder(email: string, items: { id: string; quantity: number }[] = CONFIGURED) {
  return {
    items,
    customer: { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email },
    paymentMethod: 'sepa',
    iban: IBAN,
    sepaMandate: true,
    consents: { agb: true, agbVersion: agb.version },
  };
}

interface Answer {
  orderId: string;
  status: string;
  servicesStartOn: string | null;
  acceptanceDeadline: string | null;
  confirmationMailed: boolean;
}

async function place(body: object, visitor?: Visitor, key = crypto.randomUUID()): Promise<{ response: Response; answer: Answer }> {
  const buyer = visitor ?? (await primed());
  const response = await buyer.call(orders, '/api/orders', { method: 'POST', json: withProofOfWork(body), headers: { 'Idempotency-Key': key } });
  const answer = (await response.clone().json()) as Answer;
  await buyer.settled();
  return { response, answer };
}

async function placed(body: object): Promise<string> {
  const { response, answer } = await place(body);
  expect(response.status).toBe(201);
  return answer.orderId;
}

/** What exists of an order: contracts, stored documents, invoices, and the mails to its customer. */
async function recordsOf(orderNumber: string, email: string) {
  const db = await getDb();
  const order = (await db.query<Record<string, unknown>>('SELECT * FROM orders WHERE order_number = $1', [orderNumber])).rows[0]!;
  const contracts = await db.query<{ contract_number: string; product_id: string; starts_on: string }>(
    "SELECT contract_number, product_id, to_char(starts_on, 'YYYY-MM-DD') AS starts_on FROM contracts WHERE order_id = $1 ORDER BY order_position",
    [order.id],
  );
  const documents = await db.query<{ content: Uint8Array }>('SELECT content FROM order_documents WHERE order_id = $1', [order.id]);
  const invoices = await db.query<{ invoice_number: string; payment_method: string }>('SELECT invoice_number, payment_method FROM invoices WHERE order_id = $1 ORDER BY id', [
    order.id,
  ]);
  const mails = await db.query<{ subject: string; text_body: string; attachments: { filename: string; content: string }[] | null }>(
    'SELECT subject, text_body, attachments FROM mail_outbox WHERE recipient = $1 ORDER BY id',
    [email],
  );
  return {
    order,
    contracts: contracts.rows,
    documents: documents.rows,
    invoices: invoices.rows,
    mails: mails.rows.map((mail) => ({ ...mail, text_body: plain(mail.text_body) })),
  };
}

async function itemOf(response: Response): Promise<InboxItem & { order?: Record<string, unknown> }> {
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { item: InboxItem & { order?: Record<string, unknown> } }).item;
}

/** The order as the dashboard shows it, read back through the status action every item has. */
async function inboxItemOf(orderNumber: string, status: 'in_progress' | 'done') {
  return itemOf(await inboxAction((await anAgent()).visitor, 'order', await orderIdOf(orderNumber), { action: 'setStatus', status }));
}

async function refusal(response: Response): Promise<{ status: number; message: string; errors?: Record<string, string> }> {
  return { status: response.status, ...((await response.json()) as { message: string; errors?: Record<string, string> }) };
}

describe('an order that needs review', () => {
  it('is received with its deadline: no contract, no PDF, no invoice and no pre-notification, only a receipt that says it is no acceptance', async () => {
    const email = uniqueEmail('eingang');
    const { response, answer } = await place(configuredOrder(email));
    expect(response.status).toBe(201);
    expect(answer).toEqual({ orderId: expect.stringMatching(/^KW-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/), status: 'received', schedule: expect.any(Object), servicesStartOn: null, acceptanceDeadline: deadline, confirmationMailed: true });

    // The billing run of the day changes nothing about it.
    await runBilling(await getDb(), { on: today, origin: ORIGIN });
    const { order, contracts, documents, invoices, mails } = await recordsOf(answer.orderId, email);
    expect(order).toMatchObject({ status: 'received', accepted_at: null, services_start_on: null, decided_at: null, rejection_reason: null });
    expect(contracts).toEqual([]);
    expect(documents).toEqual([]);
    expect(invoices).toEqual([]);
    expect(mails.map((mail) => mail.subject)).toEqual([`Eingangsbestätigung Ihrer Bestellung ${answer.orderId}`]);
    const [receipt] = mails;
    expect(receipt!.attachments).toBeNull();
    expect(receipt!.text_body).toContain('Diese E-Mail bestätigt nur den Eingang Ihrer Bestellung; sie ist noch nicht unsere Annahme, und ein Vertrag ist noch nicht geschlossen.');
    expect(receipt!.text_body).toContain('Ihre Bestellung enthält eine im Auftragskonfigurator zusammengestellte Anwendung; solche Bestellungen prüfen wir, bevor wir sie annehmen.');
    expect(receipt!.text_body).toContain(`Bis zum ${germanDate(deadline)} nehmen wir Ihre Bestellung mit einer Auftragsbestätigung an oder lehnen sie ab (§ 3 Abs. 4 unserer AGB).`);
    expect(receipt!.text_body).toContain('Erhalten Sie bis dahin keine Auftragsbestätigung, sind Sie an Ihre Bestellung nicht mehr gebunden.');
    expect(receipt!.text_body).toContain('Leistungsbeginn: nach Ablauf der Widerrufsfrist von 14 Tagen ab unserer Annahme');
    expect(receipt!.text_body).toContain('Fällig mit unserer Annahme:');
    expect(receipt!.text_body).not.toContain('Jetzt fällig');
    expect(receipt!.text_body).not.toContain('Vorabankündigung');
    expect(receipt!.text_body).not.toContain('Im Anhang');

    // The agents see it waiting for them, with the deadline and the reason.
    const db = await getDb();
    const notification = await db.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM mail_outbox WHERE subject LIKE $1', [
      `Neue Bestellung zur Prüfung ${answer.orderId} %`,
    ]);
    expect(notification.rows[0]!.text_body).toContain(`Bitte im Dashboard (Posteingang) bis zum ${germanDate(deadline)} annehmen oder mit Begründung ablehnen`);
    // A rejection without a reason is refused with the German message of the shared schema, and changes nothing.
    const empty = await refusal(await decide(answer.orderId, { action: 'rejectOrder', reason: '  ' }));
    expect(empty).toMatchObject({ status: 400, errors: { reason: inboxMessages.rejectionReasonRequired } });
    const item = await inboxItemOf(answer.orderId, 'in_progress');
    expect(item.order).toMatchObject({ status: 'received', acceptanceDeadline: deadline, decidedAt: null, decidedBy: null });
    // Nothing is invoiced before the acceptance (decision 0053).
    expect(item.billing?.invoices).toEqual([]);
    expect(item.details).toEqual(
      expect.arrayContaining([
        { label: 'Stand', kind: 'text', value: `in Prüfung – Annahme bis ${germanDate(deadline)}` },
        { label: 'Prüfung nötig wegen', kind: 'text', value: 'eine im Auftragskonfigurator zusammengestellte Anwendung' },
        { label: 'Leistungsbeginn', kind: 'text', value: 'nach Ablauf der Widerrufsfrist, 14 Tage ab der Annahme' },
      ]),
    );
  });

  it('accepted by an agent: contracts from the acceptance day, the Auftragsbestätigung with the PDF, the first invoice once; a second acceptance is refused', async () => {
    const email = uniqueEmail('annahme');
    const visitor = await primed();
    const key = crypto.randomUUID();
    const { answer } = await place(configuredOrder(email), visitor, key);

    const item = await itemOf(await decide(answer.orderId, { action: 'acceptOrder' }));
    expect(item.status).toBe('done');
    expect(item.order).toMatchObject({ status: 'accepted', acceptedAt: expect.any(String), decidedBy: 'Erika Mustermann' });
    expect(item.details).toContainEqual({ label: 'Stand', kind: 'text', value: `angenommen am ${germanDate(today)}` });

    // A consumer without the early start: the 14 days run from today's acceptance.
    const startsOn = servicesStartOn(today, { customerType: 'consumer', earlyStart: false });
    const { order, contracts, documents, invoices, mails } = await recordsOf(answer.orderId, email);
    expect(order).toMatchObject({ status: 'accepted', accepted_at: expect.any(Date), decided_at: expect.any(Date), decided_by: expect.any(String) });
    expect(contracts).toEqual([{ contract_number: expect.stringMatching(/^V-\d{6}$/), product_id: CONFIGURED[1]!.id, starts_on: startsOn }]);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Eingangsbestätigung Ihrer Bestellung ${answer.orderId}`,
      `Auftragsbestätigung Ihrer Bestellung ${answer.orderId}`,
      `Ihre Rechnung ${invoices[0]!.invoice_number} zur Bestellung ${answer.orderId}`,
    ]);
    const acceptance = mails[1]!;
    expect(acceptance.text_body).toContain(`hiermit nehmen wir Ihre Bestellung ${answer.orderId} vom `);
    expect(acceptance.text_body).toContain(`Leistungsbeginn: am ${germanDate(startsOn)}, nach Ablauf der Widerrufsfrist`);
    expect(acceptance.text_body).toContain('Jetzt fällig:');
    expect(acceptance.attachments!.map((file) => file.filename)).toEqual([`Vertragsbestaetigung-${answer.orderId}.pdf`]);
    expect(documents).toHaveLength(1);
    expect(Buffer.from(acceptance.attachments![0]!.content, 'base64').equals(Buffer.from(documents[0]!.content))).toBe(true);
    const pdf = plain((await pdfText(documents[0]!.content)).text).replace(/\s+/gu, ' ');
    expect(pdf).toContain(`Vertrag ${contracts[0]!.contract_number}: Individuelle Webanwendung: Hosting und Support`);
    expect(pdf).toContain(`Vertragsbeginn ${germanDate(startsOn)}`);
    // The first invoice follows the acceptance, with the SEPA pre-notification only now.
    expect(invoices).toEqual([{ invoice_number: expect.stringMatching(/^RE-\d{6}$/), payment_method: 'sepa' }]);
    expect(mails[2]!.text_body).toContain('Vorabankündigung der SEPA-Lastschrift');

    const again = await refusal(await decide(answer.orderId, { action: 'acceptOrder' }));
    expect(again).toEqual({ status: 409, message: orderDecisionMessages.notReceived.accepted });
    expect(await refusal(await decide(answer.orderId, { action: 'rejectOrder', reason: 'Zu spät.' }))).toEqual({ status: 409, message: orderDecisionMessages.notReceived.accepted });
    await runBilling(await getDb(), { on: today, origin: ORIGIN });
    expect((await recordsOf(answer.orderId, email)).invoices).toHaveLength(1);

    // The customer's retry with the same key answers where the order stands now.
    const retry = await place(configuredOrder(email), visitor, key);
    expect(retry.response.status).toBe(200);
    expect(retry.answer).toMatchObject({ orderId: answer.orderId, status: 'accepted', servicesStartOn: startsOn, acceptanceDeadline: deadline });
  });

  it('rejected by an agent: the reason is mailed, the order never bills and can no longer be accepted', async () => {
    const email = uniqueEmail('ablehnung');
    const orderNumber = await placed(configuredOrder(email, [{ id: 'webapp-basis-6m', quantity: 1 }, { id: 'domain-de:vergeben', quantity: 1 }]));

    const tooLong = await refusal(await decide(orderNumber, { action: 'rejectOrder', reason: 'x'.repeat(501) }));
    expect(tooLong).toMatchObject({ status: 400, errors: { reason: inboxMessages.rejectionReasonTooLong } });
    const reason = 'Die Domain vergeben.de ist bereits registriert.\nGern bieten wir Ihnen eine andere Endung an.';
    const item = await itemOf(await decide(orderNumber, { action: 'rejectOrder', reason: `  ${reason}  ` }));
    expect(item.order).toMatchObject({ status: 'rejected', rejectionReason: reason, decidedBy: 'Erika Mustermann' });

    const later = addDays(deadline, 40);
    await runBilling(await getDb(), { on: later, origin: ORIGIN });
    const { order, contracts, documents, invoices, mails } = await recordsOf(orderNumber, email);
    expect(order).toMatchObject({ status: 'rejected', rejection_reason: reason, accepted_at: null, services_start_on: null });
    expect({ contracts, documents, invoices }).toEqual({ contracts: [], documents: [], invoices: [] });
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Eingangsbestätigung Ihrer Bestellung ${orderNumber}`,
      `Ihre Bestellung ${orderNumber}: Wir können sie leider nicht annehmen`,
    ]);
    expect(mails[1]!.text_body).toContain('   Die Domain vergeben.de ist bereits registriert.\n   Gern bieten wir Ihnen eine andere Endung an.');
    expect(mails[1]!.text_body).toContain('Sie sind an Ihre Bestellung nicht mehr gebunden, wir erbringen keine Leistung und stellen Ihnen nichts in Rechnung.');

    expect(await refusal(await decide(orderNumber, { action: 'acceptOrder' }))).toEqual({ status: 409, message: orderDecisionMessages.notReceived.rejected });
  });

  it('withdrawn by the consumer before we accept it (confirmed by the link): withdrawn, never billed, no longer to be accepted', async () => {
    const email = uniqueEmail('widerruf');
    const orderNumber = await placed(configuredOrder(email));
    // The consumer takes the offer back before our decision (decision 0054: effective once attributed).
    const visitor = new Visitor();
    await visitor.call(captchaImage, '/security/captcha/image.png');
    const captcha = captchaAnswer(env().appSecret, visitor.cookies.get('captcha_id')!, 'image');
    const sent = await visitor.call(withdrawal, '/api/forms/withdrawal', { method: 'POST', json: { contract: `Bestellung ${orderNumber}`, name: 'Erika Mustermann', email, captcha } });
    expect(sent.status).toBe(201);
    const receipt = (await recordsOf(orderNumber, email)).mails.find((mail) => mail.subject.startsWith('Eingangsbestätigung Ihres Widerrufs'))!;
    const token = /\/online-widerrufsformular\/bestaetigen\/([A-Za-z0-9_-]{43})/.exec(receipt.text_body)![1]!;
    const confirmed = await new Visitor().call(withdrawalIdentity, '/api/forms/withdrawal/identity', { method: 'POST', json: { token } });
    expect(await confirmed.json()).toMatchObject({ withdrawnOrders: [orderNumber] });

    expect(await refusal(await decide(orderNumber, { action: 'acceptOrder' }))).toEqual({ status: 409, message: orderDecisionMessages.notReceived.withdrawn });
    await runBilling(await getDb(), { on: addDays(deadline, 40), origin: ORIGIN });
    const { order, contracts, invoices } = await recordsOf(orderNumber, email);
    expect(order).toMatchObject({ status: 'withdrawn', accepted_at: null, services_start_on: null });
    expect({ contracts, invoices }).toEqual({ contracts: [], invoices: [] });
  });

  it('lapses the day after its deadline in the billing run: mailed once, never billed, no longer to be accepted', async () => {
    const email = uniqueEmail('frist');
    const orderNumber = await placed(configuredOrder(email, [{ id: 'webapp-basis-6m', quantity: 1 }, { id: 'software-development', quantity: 4 }]));
    const db = await getDb();

    // On the last day of the period it can still be accepted: nothing lapses.
    expect((await runBilling(db, { on: deadline, origin: ORIGIN })).lapsed).not.toContain(orderNumber);
    const after = addDays(deadline, 1);
    expect((await runBilling(db, { on: after, origin: ORIGIN })).lapsed).toContain(orderNumber);
    expect((await runBilling(db, { on: addDays(after, 35), origin: ORIGIN })).lapsed).not.toContain(orderNumber);

    const { order, contracts, invoices, mails } = await recordsOf(orderNumber, email);
    expect(order).toMatchObject({ status: 'lapsed', decided_at: expect.any(Date), decided_by: null, inbox_status: 'done' });
    expect({ contracts, invoices }).toEqual({ contracts: [], invoices: [] });
    expect(mails.map((mail) => mail.subject)).toEqual([`Eingangsbestätigung Ihrer Bestellung ${orderNumber}`, `Ihre Bestellung ${orderNumber} ist nicht zustande gekommen`]);
    expect(mails[1]!.text_body).toContain(`nicht innerhalb der Annahmefrist angenommen, die am ${germanDate(deadline)} endete (§ 3 Abs. 4 unserer AGB).`);
    expect(mails[1]!.text_body).toContain('Sie sind an Ihre Bestellung nicht mehr gebunden');

    expect(await refusal(await decide(orderNumber, { action: 'acceptOrder' }))).toEqual({ status: 409, message: orderDecisionMessages.notReceived.lapsed });
    const item = await inboxItemOf(orderNumber, 'done');
    expect(item.details).toContainEqual({ label: 'Stand', kind: 'text', value: 'nicht zustande gekommen (Annahmefrist abgelaufen)' });
  });

  it('cannot be accepted once its deadline has passed, even before the run lapses it', async () => {
    const email = uniqueEmail('verpasst');
    const orderNumber = await placed(configuredOrder(email));
    const yesterday = addDays(today, -1);
    await (await getDb()).query('UPDATE orders SET acceptance_deadline = $2 WHERE order_number = $1', [orderNumber, yesterday]);
    expect(await refusal(await decide(orderNumber, { action: 'acceptOrder' }))).toEqual({ status: 409, message: orderDecisionMessages.deadlinePassed(yesterday) });
    const { order, contracts, invoices } = await recordsOf(orderNumber, email);
    expect(order.status).toBe('received');
    expect({ contracts, invoices }).toEqual({ contracts: [], invoices: [] });
  });

  it('placed under AGB this build no longer prints is refused with the advice to reject it and ask for a new order', async () => {
    const email = uniqueEmail('agb');
    const orderNumber = await placed(configuredOrder(email));
    const older = '2026-11-24/000000000000';
    await (await getDb()).query('UPDATE orders SET agb_version = $2 WHERE order_number = $1', [orderNumber, older]);
    const refused = await refusal(await decide(orderNumber, { action: 'acceptOrder' }));
    expect(refused).toEqual({ status: 409, message: orderDecisionMessages.agbChanged(older, legalTexts.agb.version) });
    expect(refused.message).toContain('Bitte lehnen Sie die Bestellung ab und bitten Sie den Kunden in der Begründung, neu zu bestellen.');
    const { order, contracts, documents } = await recordsOf(orderNumber, email);
    expect(order.status).toBe('received');
    expect({ contracts, documents }).toEqual({ contracts: [], documents: [] });
  });
});

describe('an order accepted at once', () => {
  it('has nothing left to decide', async () => {
    const email = uniqueEmail('sofort');
    const { answer } = await place(configuredOrder(email, [{ id: 'webapp-basis-6m', quantity: 1 }, { id: 'restore-backup', quantity: 1 }]));
    expect(answer).toMatchObject({ status: 'accepted', servicesStartOn: servicesStartOn(today, { customerType: 'consumer', earlyStart: false }), acceptanceDeadline: null });
    expect(await refusal(await decide(answer.orderId, { action: 'acceptOrder' }))).toEqual({ status: 409, message: orderDecisionMessages.notReceived.accepted });
    // Its first invoice came after the order's answer, as before.
    expect((await recordsOf(answer.orderId, email)).invoices).toHaveLength(1);
  });

  it('the decisions are for orders only', async () => {
    const { visitor } = await anAgent();
    const id = await seed.withdrawal('Webapp Basis');
    const response = await inboxAction(visitor, 'withdrawal', id, { action: 'acceptOrder' });
    expect(await refusal(response)).toMatchObject({ status: 400, message: inboxMessages.actionNotForType });
  });
});
