import { site } from '../../../src/config/site.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentInvoice, InvoicePage } from '../../../src/features/billing/agent-types.ts';
import { addDays } from '../../../src/lib/contracts/ends.ts';
import { germanDate, todayIso } from '../../../src/lib/forms/dates.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { fixtureCancellation, fixtureEmail, fixtureInvoice, fixtureOrder, type FixtureInvoice } from '../../support/invoice-fixture.ts';
import { loggedIn, primed } from '../auth/helpers.ts';
import { loggedInAgent } from '../chat/helpers.ts';
import type { Visitor } from '../http/visitor.ts';
import { createSepaExport, invoiceDocument, invoiceList, recordPayment, sendReminder, sepaDebits, sepaExport, sepaExports } from './agent-invoices-helpers.ts';

let agent: Visitor;
let agentId: string;
const today = todayIso();

beforeAll(async () => {
  ({ visitor: agent, userId: agentId } = await loggedInAgent());
});

async function list(query: string): Promise<InvoicePage> {
  const response = await invoiceList(agent, query);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as InvoicePage;
}

async function listed(invoice: FixtureInvoice): Promise<AgentInvoice> {
  const page = await list(`?q=${invoice.number}`);
  const found = page.invoices.find((i) => i.number === invoice.number);
  expect(found).toBeDefined();
  return found!;
}

const numbers = (page: InvoicePage) => page.invoices.map((i) => i.number);

describe('agent invoices: access', () => {
  it('answers 401 without a session and 403 to customers, on every endpoint', async () => {
    const { visitor: customer } = await loggedIn();
    const invoice = await fixtureInvoice(await getDb(), await fixtureOrder(await getDb()));
    for (const [who, status, message] of [
      [await primed(), 401, 'Nicht angemeldet.'],
      [customer, 403, 'Dieser Bereich ist nur für Support-Mitarbeiter zugänglich.'],
    ] as const) {
      for (const answer of [
        await invoiceList(who, '?status=open'),
        await invoiceDocument(who, invoice.number),
        await recordPayment(who, invoice.number, { receivedOn: today }),
        await sendReminder(who, invoice.number),
        await sepaDebits(who),
        await sepaExports(who),
        await createSepaExport(who),
        await sepaExport(who, '1'),
      ]) {
        expect(answer.status).toBe(status);
        expect(await answer.json()).toEqual({ message });
      }
    }
    const { rows } = await (await getDb()).query('SELECT 1 FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id WHERE i.invoice_number = $1', [invoice.number]);
    expect(rows).toHaveLength(0);
  });
});

describe('agent invoices: list', () => {
  it('shows an invoice with buyer, dates, amounts, payment method and documents', async () => {
    const db = await getDb();
    const email = fixtureEmail();
    const order = await fixtureOrder(db, { paymentMethod: 'sepa', email, name: 'Jürgen Weiß' });
    const invoice = await fixtureInvoice(db, order, { grossCents: 23800, issuedOn: today, company: 'Weiß & Söhne GmbH', xml: true, debitOn: addDays(today, 5) });
    const page = await list(`?q=${encodeURIComponent(email)}`);
    expect(page).toMatchObject({ currentPage: 1, totalPages: 1, totalInvoices: 1, today });
    expect(page.invoices).toEqual([
      {
        number: invoice.number,
        kind: 'invoice',
        cancels: null,
        cancelledBy: [],
        orderNumber: order.orderNumber,
        buyer: { name: 'Jürgen Weiß', company: 'Weiß & Söhne GmbH', email },
        issuedOn: today,
        dueOn: addDays(today, 10),
        grossCents: 23800,
        openCents: 23800,
        paymentMethod: 'sepa',
        mandateReference: order.mandateReference,
        debitOn: addDays(today, 5),
        state: 'open',
        paidOn: null,
        remindersSent: 0,
        lastReminderAt: null,
        sepaExportId: null,
        documents: ['pdf', 'xml'],
      },
    ]);
    expect(order.mandateReference).toBe(order.orderNumber);
  });

  it('filters by status, kind and search text; a cancellation settles the invoice it refunds in full', async () => {
    const db = await getDb();
    const email = fixtureEmail('filter');
    const order = await fixtureOrder(db, { email, name: 'Filter Kundin' });
    const notYetDue = await fixtureInvoice(db, order, { issuedOn: today, dueOn: addDays(today, 10) });
    const dueToday = await fixtureInvoice(db, order, { issuedOn: addDays(today, -10), dueOn: today });
    const overdue = await fixtureInvoice(db, order, { issuedOn: addDays(today, -20), dueOn: addDays(today, -1) });
    const paid = await fixtureInvoice(db, order, { issuedOn: addDays(today, -30), dueOn: addDays(today, -20) });
    await db.query('INSERT INTO invoice_payments (invoice_id, received_on, amount_cents) VALUES ($1, $2, $3)', [paid.id, addDays(today, -25), paid.grossCents]);
    const cancelled = await fixtureInvoice(db, order, { issuedOn: addDays(today, -40), dueOn: addDays(today, -30), grossCents: 5000 });
    const cancellation = await fixtureCancellation(db, cancelled, 5000, addDays(today, -35));
    const partly = await fixtureInvoice(db, order, { issuedOn: addDays(today, -50), dueOn: addDays(today, -40), grossCents: 10000 });
    const partCancellation = await fixtureCancellation(db, partly, 2500, addDays(today, -45));
    const refund = await fixtureCancellation(db, paid, 11900, addDays(today, -2));

    const q = `&q=${encodeURIComponent(email)}`;
    const all = await list(`?status=all${q}`);
    // Newest first: by issue day, then by number.
    expect(numbers(all)).toEqual([notYetDue, refund, dueToday, overdue, paid, cancelled, cancellation, partly, partCancellation].map((i) => i.number).sort((a, b) => {
      const day = (n: string) => all.invoices.find((i) => i.number === n)!.issuedOn;
      return day(b).localeCompare(day(a)) || b.localeCompare(a);
    }));
    const state = (invoice: FixtureInvoice) => all.invoices.find((i) => i.number === invoice.number)!;
    expect(state(notYetDue)).toMatchObject({ state: 'open', openCents: 11900 });
    expect(state(dueToday)).toMatchObject({ state: 'open' });
    expect(state(overdue)).toMatchObject({ state: 'overdue', openCents: 11900 });
    // Paid, then credited in full: the money goes back, on the invoice as on its cancellation invoice (issue 34).
    expect(state(paid)).toMatchObject({ state: 'refund-due', paidOn: addDays(today, -25), openCents: 11900, cancelledBy: [refund.number] });
    expect(state(cancelled)).toMatchObject({ state: 'cancelled', openCents: 0, cancelledBy: [cancellation.number] });
    expect(state(cancellation)).toMatchObject({ kind: 'cancellation', cancels: cancelled.number, state: 'offset', openCents: 0 });
    expect(state(partly)).toMatchObject({ state: 'overdue', grossCents: 10000, openCents: 7500, cancelledBy: [partCancellation.number] });
    // The refund of a paid invoice is still to be paid out.
    expect(state(refund)).toMatchObject({ kind: 'cancellation', cancels: paid.number, state: 'refund-due', openCents: 11900 });

    const set = async (query: string) => new Set(numbers(await list(`${query}${q}`)));
    expect(await set('?status=open')).toEqual(new Set([notYetDue.number, dueToday.number, overdue.number, partly.number, refund.number, paid.number]));
    expect(await set('?status=overdue')).toEqual(new Set([overdue.number, partly.number]));
    expect(await set('?status=paid')).toEqual(new Set([cancelled.number, cancellation.number, partCancellation.number]));
    expect(await set('?status=open&kind=cancellation')).toEqual(new Set([refund.number]));
    expect(await set('?kind=invoice')).toEqual(new Set([notYetDue, dueToday, overdue, paid, cancelled, partly].map((i) => i.number)));
    expect(numbers(await list(`?q=${overdue.number.toLowerCase()}`))).toEqual([overdue.number]);
    expect(numbers(await list(`?q=${order.orderNumber}&status=overdue`)).sort()).toEqual([overdue.number, partly.number].sort());
    expect((await list('?q=Filter%20Kundin&kind=cancellation')).invoices.every((i) => i.kind === 'cancellation')).toBe(true);
    // A search text with LIKE's wildcards matches literally.
    expect((await list('?q=%25_%25')).totalInvoices).toBe(0);
  });

  it('pages 20 invoices at a time, newest first, and a page beyond the last still knows the total', async () => {
    const db = await getDb();
    const email = fixtureEmail('seiten');
    const order = await fixtureOrder(db, { email });
    const made: FixtureInvoice[] = [];
    for (let i = 0; i < 23; i++) made.push(await fixtureInvoice(db, order, { issuedOn: addDays(today, -i) }));
    const q = `&q=${encodeURIComponent(email)}`;
    const first = await list(`?page=1${q}`);
    expect(first).toMatchObject({ currentPage: 1, totalPages: 2, totalInvoices: 23 });
    expect(numbers(first)).toEqual(made.slice(0, 20).map((i) => i.number));
    const second = await list(`?page=2${q}`);
    expect(numbers(second)).toEqual(made.slice(20).map((i) => i.number));
    const beyond = await list(`?page=9${q}`);
    expect(beyond).toMatchObject({ invoices: [], currentPage: 9, totalPages: 2, totalInvoices: 23 });
  });

  it('refuses unknown filters with a German message', async () => {
    for (const [query, field, message] of [
      ['?status=bezahlt', 'status', 'Der Status muss „Alle“, „Offen“, „Überfällig“ oder „Bezahlt oder storniert“ sein.'],
      ['?kind=gutschrift', 'kind', 'Die Art muss „Rechnung“ oder „Stornorechnung“ sein.'],
      ['?page=0', 'page', 'Die Seitenzahl muss eine ganze Zahl ab 1 sein.'],
      [`?q=${'x'.repeat(101)}`, 'q', 'Der Suchbegriff darf höchstens 100 Zeichen lang sein.'],
    ] as const) {
      const answer = await invoiceList(agent, query);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { errors: Record<string, string> }).errors).toEqual({ [field]: message });
    }
  });
});

describe('agent invoices: documents', () => {
  it('downloads the stored PDF and the XML of an XRechnung, uncached, and 404 for what is not there', async () => {
    const db = await getDb();
    const xrechnung = await fixtureInvoice(db, await fixtureOrder(db), { xml: true });
    const plain = await fixtureInvoice(db, await fixtureOrder(db));
    const pdf = await invoiceDocument(agent, xrechnung.number);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="Rechnung-${xrechnung.number}.pdf"`);
    expect(pdf.headers.get('cache-control')).toBe('no-store');
    expect(new TextDecoder().decode(await pdf.arrayBuffer())).toBe(`%PDF-1.7\n% ${xrechnung.number}\n%%EOF\n`);

    const xml = await invoiceDocument(agent, xrechnung.number, '?kind=xml');
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(xml.headers.get('content-disposition')).toBe(`attachment; filename="XRechnung-${xrechnung.number}.xml"`);
    expect(await xml.text()).toContain(`<ID>${xrechnung.number}</ID>`);

    for (const [number, query] of [
      [plain.number, '?kind=xml'],
      ['RE-999999999', ''],
      ['..%2F', ''],
    ] as const) {
      const answer = await invoiceDocument(agent, number, query);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ message: 'Dieses Dokument gibt es zu dieser Rechnung nicht.' });
    }
    expect((await invoiceDocument(agent, plain.number, '?kind=zip')).status).toBe(400);
  });
});

describe('agent invoices: payments', () => {
  it('records a payment once: a second one answers 409, and the list shows it paid', async () => {
    const db = await getDb();
    const invoice = await fixtureInvoice(db, await fixtureOrder(db), { issuedOn: addDays(today, -3) });
    const first = await recordPayment(agent, invoice.number, { receivedOn: addDays(today, -1) });
    expect(first.status, await first.clone().text()).toBe(201);
    expect(((await first.json()) as { invoice: AgentInvoice }).invoice).toMatchObject({ number: invoice.number, state: 'settled', paidOn: addDays(today, -1), openCents: 0 });

    const again = await recordPayment(agent, invoice.number, { receivedOn: today });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'Für diese Rechnung ist bereits ein Zahlungseingang erfasst.' });

    // The record keeps what was open: the ledger's fact for later cancellation invoices (issue 34).
    const { rows } = await db.query<{ received_on: string; recorded_by: string; amount_cents: number }>(
      "SELECT to_char(received_on, 'YYYY-MM-DD') AS received_on, recorded_by, amount_cents FROM invoice_payments WHERE invoice_id = $1",
      [invoice.id],
    );
    expect(rows).toEqual([{ received_on: addDays(today, -1), recorded_by: agentId, amount_cents: 11900 }]);
    expect(await listed(invoice)).toMatchObject({ state: 'settled', paidOn: addDays(today, -1) });
  });

  it('records only one of two concurrent payments', async () => {
    const db = await getDb();
    const invoice = await fixtureInvoice(db, await fixtureOrder(db));
    const answers = await Promise.all([recordPayment(agent, invoice.number, { receivedOn: today }), recordPayment(agent, invoice.number, { receivedOn: today })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });

  it('refuses a day in the future, before the invoice or no day, an unknown invoice and a request without CSRF token', async () => {
    const db = await getDb();
    const issuedOn = addDays(today, -3);
    const invoice = await fixtureInvoice(db, await fixtureOrder(db), { issuedOn });
    const beforeIssue = `Der Zahlungseingang kann nicht vor dem Rechnungsdatum (${germanDate(issuedOn)}) liegen.`;
    for (const [body, message] of [
      [{ receivedOn: addDays(today, 1) }, 'Der Zahlungseingang kann nicht in der Zukunft liegen.'],
      [{ receivedOn: '1900-01-01' }, beforeIssue],
      [{ receivedOn: addDays(issuedOn, -1) }, beforeIssue],
      [{ receivedOn: '2026-02-30' }, 'Bitte geben Sie den Zahlungseingang als gültiges Datum an.'],
      [{ receivedOn: '01.12.2026' }, 'Bitte geben Sie den Zahlungseingang als gültiges Datum an.'],
      [{}, 'Bitte geben Sie den Zahlungseingang als gültiges Datum an.'],
    ] as const) {
      const answer = await recordPayment(agent, invoice.number, body);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { errors: Record<string, string> }).errors).toEqual({ receivedOn: message });
    }
    const unknown = await recordPayment(agent, 'RE-999999999', { receivedOn: today });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Diese Rechnung gibt es nicht.' });
    expect((await recordPayment(agent, invoice.number, { receivedOn: today }, false)).status).toBe(403);
    expect(await listed(invoice)).toMatchObject({ state: 'open', paidOn: null });
  });
});

interface OutboxRow {
  recipient: string;
  subject: string;
  text_body: string;
  attachments: { filename: string; contentType: string; content: string; encoding?: string }[];
}

async function mailsTo(email: string): Promise<OutboxRow[]> {
  const { rows } = await (await getDb()).query<OutboxRow>('SELECT recipient, subject, text_body, attachments FROM mail_outbox WHERE recipient = $1 ORDER BY id', [email]);
  return rows;
}

describe('agent invoices: reminders', () => {
  it('mails a polite reminder with the invoice attached for an overdue invoice, and records it', async () => {
    const db = await getDb();
    const order = await fixtureOrder(db, { name: 'Erika Mustermann' });
    const invoice = await fixtureInvoice(db, order, { issuedOn: addDays(today, -14), dueOn: addDays(today, -4), grossCents: 11900, xml: true });
    await fixtureCancellation(db, invoice, 1900, addDays(today, -2));

    const answer = await sendReminder(agent, invoice.number);
    expect(answer.status, await answer.clone().text()).toBe(201);
    const { invoice: shown } = (await answer.json()) as { invoice: AgentInvoice };
    expect(shown).toMatchObject({ number: invoice.number, state: 'overdue', remindersSent: 1 });
    expect(Date.parse(shown.lastReminderAt!)).toBeGreaterThan(Date.now() - 60_000);
    await agent.settled();

    const mails = await mailsTo(order.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Zahlungserinnerung zur Rechnung ${invoice.number}`);
    expect(mail.text_body).toMatch(/^Guten Tag Erika Mustermann,\n/);
    for (const text of [
      `Rechnung ${invoice.number} vom ${germanDate(addDays(today, -14))}`,
      `(Bestellung ${order.orderNumber})`,
      `Die Rechnung war am ${germanDate(addDays(today, -4))} fällig.`,
      'Offener Betrag: 100,00\u00a0€',
      `bis zum ${germanDate(addDays(today, 7))}`,
      `IBAN: ${site.bankAccount.iban.replace(/(.{4})(?=.)/g, '$1 ')}`,
      `BIC: ${site.bankAccount.bic}`,
      `Verwendungszweck: ${invoice.number}`,
      'betrachten Sie diese Erinnerung bitte als gegenstandslos',
      'Mit freundlichen Grüßen',
    ]) {
      expect(mail.text_body).toContain(text);
    }
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.encoding])).toEqual([
      [`Rechnung-${invoice.number}.pdf`, 'application/pdf', 'base64'],
      [`XRechnung-${invoice.number}.xml`, 'application/xml', 'base64'],
    ]);
    expect(Buffer.from(mail.attachments[0]!.content, 'base64').toString()).toBe(`%PDF-1.7\n% ${invoice.number}\n%%EOF\n`);

    const { rows } = await db.query<{ sent_by: string }>('SELECT sent_by FROM invoice_reminders WHERE invoice_id = $1', [invoice.id]);
    expect(rows).toEqual([{ sent_by: agentId }]);
    const { rows: sent } = await db.query<{ sent_at: Date | null }>('SELECT sent_at FROM mail_outbox WHERE recipient = $1', [order.email]);
    expect(sent[0]!.sent_at).not.toBeNull();
  });

  it('refuses a reminder for an invoice that is not overdue, paid, cancelled, or a cancellation invoice', async () => {
    const db = await getDb();
    const order = await fixtureOrder(db);
    const dueToday = await fixtureInvoice(db, order, { issuedOn: addDays(today, -10), dueOn: today });
    const paid = await fixtureInvoice(db, order, { issuedOn: addDays(today, -20), dueOn: addDays(today, -10) });
    await db.query('INSERT INTO invoice_payments (invoice_id, received_on, amount_cents) VALUES ($1, $2, $3)', [paid.id, today, paid.grossCents]);
    const cancelled = await fixtureInvoice(db, order, { issuedOn: addDays(today, -20), dueOn: addDays(today, -10) });
    const cancellation = await fixtureCancellation(db, cancelled, cancelled.grossCents, addDays(today, -20));
    for (const invoice of [dueToday, paid, cancelled]) {
      const answer = await sendReminder(agent, invoice.number);
      expect(answer.status).toBe(409);
      expect(await answer.json()).toEqual({ message: 'Eine Zahlungserinnerung ist nur für offene Rechnungen möglich, deren Fälligkeit überschritten ist.' });
    }
    const refused = await sendReminder(agent, cancellation.number);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'Zu einer Stornorechnung wird keine Zahlungserinnerung gesendet.' });
    expect((await sendReminder(agent, 'RE-999999999')).status).toBe(404);
    await agent.settled();
    expect(await mailsTo(order.email)).toEqual([]);
    const { rows } = await db.query('SELECT 1 FROM invoice_reminders r JOIN invoices i ON i.id = r.invoice_id WHERE i.order_id = $1', [order.id]);
    expect(rows).toHaveLength(0);
  });
  it('sends one reminder per invoice: of 20 concurrent requests one mails, the others answer 409 and send nothing', async () => {
    const db = await getDb();
    const order = await fixtureOrder(db);
    const invoice = await fixtureInvoice(db, order, { issuedOn: addDays(today, -20), dueOn: addDays(today, -5) });
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendReminder(agent, invoice.number)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(await answer.json()).toEqual({ message: 'Die Zahlungserinnerung zu dieser Rechnung ist bereits versandt worden.' });
    }
    await agent.settled();
    expect(await mailsTo(order.email)).toHaveLength(1);
    const { rows } = await db.query('SELECT level FROM invoice_reminders WHERE invoice_id = $1', [invoice.id]);
    expect(rows).toEqual([{ level: 1 }]);
    expect(await listed(invoice)).toMatchObject({ remindersSent: 1 });
  });

  it('keeps a second reminder of the same level out at the database, whatever the request read before', async () => {
    const db = await getDb();
    const invoice = await fixtureInvoice(db, await fixtureOrder(db), { issuedOn: addDays(today, -20), dueOn: addDays(today, -5) });
    await db.query('INSERT INTO invoice_reminders (invoice_id, level) VALUES ($1, 1)', [invoice.id]);
    await expect(db.query('INSERT INTO invoice_reminders (invoice_id, level) VALUES ($1, 1)', [invoice.id])).rejects.toThrow(/invoice_reminders_invoice_level/);
    await expect(db.query('INSERT INTO invoice_reminders (invoice_id) VALUES ($1)', [invoice.id])).rejects.toThrow(/invoice_reminders_level_given/);
  });

  it('sends no reminder for a SEPA invoice, whether its debit is still to come or already in a file at the bank', async () => {
    const db = await getDb();
    const order = await fixtureOrder(db, { paymentMethod: 'sepa' });
    const planned = await fixtureInvoice(db, order, { issuedOn: addDays(today, -20), dueOn: addDays(today, -5) });
    const exported = await fixtureInvoice(db, order, { issuedOn: addDays(today, -20), dueOn: addDays(today, -5) });
    const { rows } = await db.query<{ id: number }>("INSERT INTO sepa_exports (file_name, content) VALUES ('test.xml', '\\x00') RETURNING id");
    // The file collects the invoice's amount (migration 0031).
    await db.query('INSERT INTO sepa_export_invoices (invoice_id, export_id, amount_cents) SELECT id, $2, gross_cents FROM invoices WHERE id = $1', [exported.id, rows[0]!.id]);
    // Past its due day, yet neither is asked for a transfer: the one is still debited, the other is with the bank.
    for (const [invoice, state] of [[planned, 'overdue'], [exported, 'debiting']] as const) {
      expect(await listed(invoice)).toMatchObject({ state, paymentMethod: 'sepa' });
      const answer = await sendReminder(agent, invoice.number);
      expect(answer.status).toBe(409);
      expect(await answer.json()).toEqual({
        message: 'Diese Rechnung wird per SEPA-Lastschrift eingezogen. Eine Zahlungserinnerung, die um eine Überweisung bittet, wird dazu nicht gesendet.',
      });
    }
    await agent.settled();
    expect(await mailsTo(order.email)).toEqual([]);
  });
});
