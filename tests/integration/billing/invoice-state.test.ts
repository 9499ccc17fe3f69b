import { beforeAll, describe, expect, it } from 'vitest';
import overview from '../../../netlify/functions/account-overview.mts';
import orders from '../../../netlify/functions/orders.mts';
import { agb } from '../../../src/data/agb.ts';
import type { AgentInvoice, InvoicePage } from '../../../src/features/billing/agent-types.ts';
import { createSepaExport, dueDebits } from '../../../src/features/billing/server/agent-sepa.ts';
import { issueDueInvoices } from '../../../src/features/billing/server/issue.ts';
import type { DocumentState } from '../../../src/features/billing/state.ts';
import type { AccountOverview } from '../../../src/lib/contracts/overview.ts';
import { germanDate, todayIso } from '../../../src/lib/forms/dates.ts';
import { addDays } from '../../../src/lib/contracts/ends.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { inboxItem } from '../../../src/server/inbox/inbox.ts';
import { issueFixtureInvoice, type FixtureInvoice } from '../../support/customer-invoice-fixture.ts';
import { pdfText } from '../../support/pdf-text.ts';
import { loggedIn } from '../auth/helpers.ts';
import { loggedInAgent } from '../chat/helpers.ts';
import { ORIGIN, type Visitor } from '../http/visitor.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';
import { invoiceList, recordPayment } from './agent-invoices-helpers.ts';

/**
 * Issue 34: one invoice state. The customer area, the agents' invoice list and the inbox's order
 * show the same state and the same open amount for an invoice unpaid, paid, withdrawn and
 * refunded; the cancellation invoice's text says what its state at issue means: settled insofar
 * when nothing was paid, a refund when money came, and for a direct debit a new pre-notification
 * or – once the debit is in a file for the bank – a refund after the collection.
 */

const today = todayIso();
let agent: Visitor;
let agentId: string;

beforeAll(async () => {
  ({ visitor: agent, userId: agentId } = await loggedInAgent());
});

const uniqueEmail = (label: string) => `zustand-${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`;
const plain = (text: string) => text.replace(/\u00a0/g, ' ').replace(/\s+/g, ' ');

interface Invoiced {
  customer: Visitor;
  orderNumber: string;
  orderId: number;
  invoice: FixtureInvoice;
}

/**
 * A logged-in consumer's order of the 6-month package (540,00 €) and a backup restore (20,00 €),
 * started at once, and its first invoice of 560,00 €.
 */
async function invoicedOrder(paymentMethod: 'invoice' | 'sepa'): Promise<Invoiced> {
  const { visitor: customer } = await loggedIn();
  const response = await customer.call(orders, '/api/orders', {
    method: 'POST',
    json: withProofOfWork({
      items: [
        { id: 'webapp-basis-6m', quantity: 1 },
        { id: 'restore-backup', quantity: 1 },
      ],
      customer: { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email: uniqueEmail(paymentMethod) },
      paymentMethod,
      ...(paymentMethod === 'sepa' && { iban: 'DE89 3704 0044 0532 0130 00', sepaMandate: true }),
      consents: { agb: true, agbVersion: agb.version, earlyStart: true, waiverAcknowledged: true },
    }),
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { orderId: orderNumber } = (await response.json()) as { orderId: string };
  await customer.settled();
  const db = await getDb();
  const invoice = await issueFixtureInvoice(db, orderNumber);
  expect(invoice.grossCents).toBe(56_000);
  const { rows } = await db.query<{ id: string }>('SELECT id FROM orders WHERE order_number = $1', [orderNumber]);
  return { customer, orderNumber, orderId: Number(rows[0]!.id), invoice };
}

/**
 * The withdrawal's effect on the billing (src/server/contracts: the order's contract ends on the day
 * of receipt), then the billing run issues the cancellation invoice: the package from tomorrow on.
 */
async function withdraw(order: Invoiced): Promise<{ number: string; grossCents: number; mail: string; pdf: string }> {
  const db = await getDb();
  await db.query('UPDATE contracts SET ends_on = $2 WHERE order_id = $1', [order.orderId, today]);
  const report = await issueDueInvoices(db, { on: today, origin: ORIGIN, orderId: order.orderId });
  expect(report.issued).toHaveLength(1);
  const number = report.issued[0]!;
  const { rows } = await db.query<{ gross_cents: number; text_body: string; content: Uint8Array }>(
    `SELECT i.gross_cents, m.text_body, d.content FROM invoices i JOIN invoice_documents d ON d.invoice_id = i.id AND d.kind = 'pdf'
     JOIN mail_outbox m ON m.subject LIKE 'Stornorechnung ' || i.invoice_number || ' %'
     WHERE i.invoice_number = $1`,
    [number],
  );
  const row = rows[0]!;
  return { number, grossCents: Number(row.gross_cents), mail: plain(row.text_body), pdf: plain((await pdfText(new Uint8Array(row.content))).text) };
}

/** The state and open amount of one invoice as the customer area, the agents' list and the inbox's order each show it. */
async function everywhere(order: Invoiced, number: string): Promise<{ customer: DocumentState; agents: DocumentState; inbox: DocumentState }> {
  const area = (await (await order.customer.call(overview, '/api/account/overview')).json()) as AccountOverview;
  const shown = area.invoices.find((invoice) => invoice.number === number)!;
  const list = (await (await invoiceList(agent, `?q=${number}`)).json()) as InvoicePage;
  const listed = list.invoices.find((invoice) => invoice.number === number)!;
  const item = await inboxItem(await getDb(), 'order', order.orderId);
  const inOrder = item.billing!.invoices.find((invoice) => invoice.number === number)!;
  const pick = ({ state, openCents }: DocumentState) => ({ state, openCents });
  return { customer: pick(shown), agents: pick(listed), inbox: pick(inOrder) };
}

async function expectEverywhere(order: Invoiced, number: string, expected: DocumentState): Promise<void> {
  expect(await everywhere(order, number), number).toEqual({ customer: expected, agents: expected, inbox: expected });
}

async function pay(number: string, receivedOn = today): Promise<AgentInvoice> {
  const answer = await recordPayment(agent, number, { receivedOn });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return ((await answer.json()) as { invoice: AgentInvoice }).invoice;
}

describe('one invoice state in the customer area, the agents’ list and the inbox', () => {
  it('unpaid, then paid', async () => {
    const order = await invoicedOrder('invoice');
    await expectEverywhere(order, order.invoice.number, { state: 'open', openCents: 56_000 });
    await pay(order.invoice.number);
    await expectEverywhere(order, order.invoice.number, { state: 'settled', openCents: 0 });
  });

  it('withdrawn before payment: the cancellation invoice settles the invoice insofar, the rest is still open and says so', async () => {
    const order = await invoicedOrder('invoice');
    const credit = await withdraw(order);
    const rest = 56_000 - credit.grossCents;
    expect(rest).toBeGreaterThan(2_000);
    await expectEverywhere(order, order.invoice.number, { state: 'open', openCents: rest });
    await expectEverywhere(order, credit.number, { state: 'offset', openCents: 0 });

    const remaining = plain(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(rest / 100));
    for (const text of [credit.mail, credit.pdf]) {
      expect(text).toContain(`Die Stornorechnung mindert unsere noch nicht bezahlte Rechnung ${order.invoice.number} um`);
      expect(text).toContain('insoweit ist die Rechnung beglichen, eine Erstattung entfällt.');
      expect(text).toContain(`Bitte überweisen Sie die verbleibenden ${remaining}`);
      expect(text).not.toContain('von dem Ihre Zahlung kam');
      expect(text).not.toContain('erstatten wir');
    }
    // Paying the rest settles it.
    await pay(order.invoice.number);
    const { rows } = await (await getDb()).query<{ amount_cents: number }>(
      'SELECT p.amount_cents FROM invoice_payments p JOIN invoices i ON i.id = p.invoice_id WHERE i.invoice_number = $1',
      [order.invoice.number],
    );
    expect(rows).toEqual([{ amount_cents: rest }]);
    await expectEverywhere(order, order.invoice.number, { state: 'settled', openCents: 0 });
  });

  it('withdrawn after payment: the credit is refunded the way the money came, and refunded once an agent records it', async () => {
    const order = await invoicedOrder('invoice');
    await pay(order.invoice.number);
    const credit = await withdraw(order);
    await expectEverywhere(order, order.invoice.number, { state: 'refund-due', openCents: credit.grossCents });
    await expectEverywhere(order, credit.number, { state: 'refund-due', openCents: credit.grossCents });
    const refund = plain(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(credit.grossCents / 100));
    for (const text of [credit.mail, credit.pdf]) {
      expect(text).toContain(`Den Betrag von ${refund} erstatten wir bis zum ${germanDate(addDays(today, 10))} auf dem Weg, auf dem Sie bezahlt haben: per Überweisung auf das Konto, von dem Ihre Zahlung kam.`);
      expect(text).not.toContain('Bitte überweisen Sie');
    }

    // The agent records the refund on the cancellation invoice; the invoice itself takes none.
    expect((await recordPayment(agent, order.invoice.number, { receivedOn: today })).status).toBe(409);
    await pay(credit.number);
    await expectEverywhere(order, credit.number, { state: 'refunded', openCents: 0 });
    await expectEverywhere(order, order.invoice.number, { state: 'settled', openCents: 0 });
  });

  it('a direct debit in a file for the bank: debiting everywhere; a later credit is refunded after the collection', async () => {
    const order = await invoicedOrder('sepa');
    await createSepaExport(await getDb(), agentId);
    await expectEverywhere(order, order.invoice.number, { state: 'debiting', openCents: 56_000 });
    const credit = await withdraw(order);
    await expectEverywhere(order, order.invoice.number, { state: 'debiting', openCents: 56_000 });
    await expectEverywhere(order, credit.number, { state: 'refund-due', openCents: credit.grossCents });
    for (const text of [credit.mail, credit.pdf]) {
      expect(text).toContain(`Die Lastschrift zur Rechnung ${order.invoice.number} ist bereits bei der Bank eingereicht und wird wie angekündigt eingezogen.`);
      expect(text).toContain('nach dem Einzug');
      expect(text).toContain('per Überweisung auf Ihr Konto DE89 **** **** **** **30 00, von dem der Betrag per Lastschrift eingezogen wurde');
      expect(text).not.toContain('Vorabankündigung');
    }
    // The collection recorded: what the file collected, and the refund still owed.
    await pay(order.invoice.number);
    await expectEverywhere(order, order.invoice.number, { state: 'refund-due', openCents: credit.grossCents });
  });

  it('a direct debit not yet in a file: the debit shrinks to the rest, announced anew, and the SEPA file collects exactly that', async () => {
    const order = await invoicedOrder('sepa');
    const credit = await withdraw(order);
    const rest = 56_000 - credit.grossCents;
    await expectEverywhere(order, order.invoice.number, { state: 'open', openCents: rest });
    await expectEverywhere(order, credit.number, { state: 'offset', openCents: 0 });
    const amount = plain(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(rest / 100));
    const debitOn = addDays(today, 10);
    for (const text of [credit.mail, credit.pdf]) {
      expect(text).toContain('insoweit ist die Rechnung beglichen, eine Erstattung entfällt.');
      expect(text).toContain(
        `Neue Vorabankündigung der SEPA-Lastschrift zur Rechnung ${order.invoice.number}: Statt des bisher angekündigten Betrags ziehen wir am ${germanDate(debitOn)} ${amount} von Ihrem Konto DE89 **** **** **** **30 00 ein.`,
      );
      expect(text).not.toContain('erstatten wir');
    }
    const due = await dueDebits(await getDb(), today);
    expect(due.debits.find((debit) => debit.invoiceNumber === order.invoice.number)).toMatchObject({ amountCents: rest, debitOn });
  });
});
