import { describe, expect, it } from 'vitest';
import { agb } from '../../../src/data/agb.ts';
import { catalogue } from '../../../src/data/catalogue.ts';
import { addDays, periodEnd } from '../../../src/lib/contracts/ends.ts';
import { germanDate, todayIso } from '../../../src/lib/forms/dates.ts';
import { grossToNet } from '../../../src/lib/money.ts';
import { billingPeriod, refundOf } from '../../../src/features/billing/billing.ts';
import { OrderRequestSchema } from '../../../src/lib/schemas/order.ts';
import { ordersNamedIn } from '../../../src/server/contracts/withdrawn-order.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { runBillingDays } from '../../../src/features/billing/server/billing-run.ts';
import { issueDueInvoices } from '../../../src/features/billing/server/issue.ts';
import { deliverMail } from '../../../src/server/mail/index.ts';
import { placeOrder } from '../../../src/server/orders/place-order.ts';
import * as v from 'valibot';
import { ORIGIN } from '../http/visitor.ts';
import { accepted } from '../orders/decisions.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';
import { preparedVisitor } from '../forms/helpers.ts';
import withdrawalForm from '../../../netlify/functions/forms-withdrawal.mts';
import withdrawalIdentity from '../../../netlify/functions/forms-withdrawal-identity.mts';
import { checkEn16931Arithmetic, readEInvoiceXml, readFacturX, type ReadBack } from '../../support/e-invoice-reader.ts';

/**
 * Issue 24: the billing run. Orders are placed today (the proof of work is valid now), the run is
 * then driven day by day through the following year, as the schedule would run it.
 */

const today = todayIso();

/**
 * One order's run, as the order's own attempt makes it, with the mails delivered afterwards like
 * every run does: no invoice mail is left waiting in a database the next test files share.
 */
async function issueFor(orderId: number, on: string) {
  const db = await getDb();
  const report = await issueDueInvoices(db, { on, origin: ORIGIN, orderId });
  await deliverMail(db, report.mailIds);
  return report;
}
let keys = 0;

async function order(customer: Record<string, unknown>, items: { id: string; quantity: number }[], extra: Record<string, unknown> = {}) {
  const request = v.parse(
    OrderRequestSchema,
    withProofOfWork({
      items,
      customer: { name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', ...customer },
      paymentMethod: 'invoice',
      consents: { agb: true, agbVersion: agb.version, earlyStart: customer.type === 'consumer', waiverAcknowledged: customer.type === 'consumer' },
      ...extra,
    }),
  );
  const db = await getDb();
  const placed = await placeOrder(db, catalogue, { request, keyScope: 'billing-test', idempotencyKey: `billing-${++keys}-${Date.now()}`, agbVersion: agb.version, origin: ORIGIN });
  await deliverMail(db, placed.mailIds);
  return placed;
}

interface InvoiceRow {
  invoice_number: string;
  kind: string;
  order_number: string;
  issued_on: string;
  gross_cents: number;
  net_cents: number;
  vat_cents: number;
  payment_method: string;
  format: string;
  cancels: string | null;
}

async function invoicesOf(orderNumber: string): Promise<InvoiceRow[]> {
  const { rows } = await (await getDb()).query<InvoiceRow>(
    `SELECT i.invoice_number, i.kind, o.order_number, to_char(i.issued_on, 'YYYY-MM-DD') AS issued_on, i.gross_cents, i.net_cents, i.vat_cents,
            i.payment_method, i.format, c.invoice_number AS cancels
     FROM invoices i JOIN orders o ON o.id = i.order_id LEFT JOIN invoices c ON c.id = i.cancels_id
     WHERE o.order_number = $1 ORDER BY i.id`,
    [orderNumber],
  );
  return rows;
}

const numberOf = (invoiceNumber: string) => Number(invoiceNumber.slice(3));

/** The e-invoice of an issued invoice, read back with the second implementation (pdf-lib, fast-xml-parser). */
async function readBack(invoiceNumber: string): Promise<ReadBack> {
  const { rows } = await (await getDb()).query<{ kind: string; content: Uint8Array }>(
    'SELECT d.kind, d.content FROM invoice_documents d JOIN invoices i ON i.id = d.invoice_id WHERE i.invoice_number = $1',
    [invoiceNumber],
  );
  const xml = rows.find((row) => row.kind === 'xml');
  return xml ? readEInvoiceXml(xml.content) : (await readFacturX(rows.find((row) => row.kind === 'pdf')!.content)).invoice;
}

/** Every business invoice is a valid EN 16931 e-invoice whose amounts are those stored. */
async function expectEInvoices(invoices: InvoiceRow[]): Promise<void> {
  for (const invoice of invoices) {
    const read = await readBack(invoice.invoice_number);
    expect(read.number).toBe(invoice.invoice_number);
    expect(read.issueDate.replace(/-/g, '')).toBe(invoice.issued_on.replace(/-/g, ''));
    expect({ net: read.totals.taxExclusive, vat: read.totals.taxTotal, gross: read.totals.taxInclusive, payable: read.totals.payable }).toEqual({
      net: invoice.net_cents,
      vat: invoice.vat_cents,
      gross: invoice.gross_cents,
      payable: invoice.gross_cents,
    });
    expect(checkEn16931Arithmetic(read)).toEqual([]);
  }
}

describe.runIf((process.env.TEST_DB_DRIVER ?? 'pglite') === 'pglite')('twelve months of a fresh database', () => {
  it('invoices each period once, in advance, numbered without gaps, with the amounts of the price source', { timeout: 120_000 }, async () => {
    const consumer = await order(
      { type: 'consumer', email: 'verbraucher@example.test' },
      [
        { id: 'webapp-basis-1m', quantity: 1 },
        { id: 'domain-de:müller-bau', quantity: 1 },
        { id: 'software-development', quantity: 3 },
      ],
      { paymentMethod: 'sepa', iban: 'DE89370400440532013000', sepaMandate: true },
    );
    const business = await order({ type: 'business', company: 'Mustermann Bau GmbH', vatId: 'DE123456788', email: 'einkauf@example.test' }, [
      { id: 'webapp-business-6m', quantity: 1 },
      { id: 'click-dummy', quantity: 1 },
    ]);
    const publicBody = await order(
      { type: 'business', company: 'Stadt Köln, Amt für Informationsverarbeitung', email: 'rechnung@stadt-koeln.example', invoiceFormat: 'xrechnung-ubl', leitwegId: '05315-12345-85' },
      [
        { id: 'webapp-business-6m', quantity: 1 },
        { id: 'domain-de:stadt-koeln', quantity: 1 },
      ],
    );

    // Hours and domains wait for an agent (decision 0053); the acceptance issues their first invoices.
    await accepted(consumer.orderNumber);
    await accepted(publicBody.orderNumber);

    const through = periodEnd(today, 12);
    const report = await runBillingDays(await getDb(), { from: today, through, origin: ORIGIN });

    // Consumer: the first invoice (hours, first month, first domain year), then months 2 to 12.
    const consumerInvoices = await invoicesOf(consumer.orderNumber);
    const monthly = { startsOn: today, billingMonths: 1, endsOn: null };
    expect(consumerInvoices.map((invoice) => invoice.issued_on)).toEqual([today, ...Array.from({ length: 11 }, (_, index) => billingPeriod(monthly, index + 1).start)]);
    const [first, ...months] = consumerInvoices;
    // 3 × 80,00 € net + 19 % = 285,60 € for the hours, 95,20 € the month, 12,00 € the domain: gross, as the price list says.
    const price = (id: string) => catalogue.get(id)!;
    expect(first!.gross_cents).toBe(3 * price('software-development').grossCents + price('webapp-basis-1m').grossCents + price('domain-de:müller-bau').grossCents);
    expect(first!.gross_cents).toBe(consumer.schedule.dueNow.grossCents);
    expect(months.every((invoice) => invoice.gross_cents === price('webapp-basis-1m').grossCents)).toBe(true);
    expect(consumerInvoices.every((invoice) => invoice.payment_method === 'sepa' && invoice.format === 'pdf')).toBe(true);
    // Each invoice went out by mail with its PDF and the pre-notification of the debit.
    const { rows: mails } = await (await getDb()).query<{ subject: string; text_body: string; attachments: { filename: string }[] }>(
      "SELECT subject, text_body, attachments FROM mail_outbox WHERE recipient = 'verbraucher@example.test' AND subject LIKE 'Ihre Rechnung%' ORDER BY id",
    );
    expect(mails).toHaveLength(12);
    expect(mails[0]!.subject).toBe(`Ihre Rechnung ${first!.invoice_number} zur Bestellung ${consumer.orderNumber}`);
    expect(mails[0]!.attachments.map((attachment) => attachment.filename)).toEqual([`Rechnung-${first!.invoice_number}.pdf`]);
    expect(mails[0]!.text_body.replace(/\u00a0/g, ' ')).toContain(`am ${germanDate(addDays(today, 10))} von Ihrem Konto DE89 **** **** **** **30 00 ein`);
    expect(mails[0]!.text_body).toContain(`Mandatsreferenz: ${consumer.orderNumber}`);

    // Business: both first periods, then the click dummy monthly; the package's second half-year
    // begins with the click dummy's seventh month and shares its invoice.
    const businessInvoices = await invoicesOf(business.orderNumber);
    expect(businessInvoices).toHaveLength(12);
    expect(businessInvoices[0]!.net_cents).toBe(business.schedule.dueNow.netCents);
    // The package's net is the net part of 6 × 213,00 € = 1.278,00 € (decision 0059), its gross the price list's.
    expect(businessInvoices[6]!.net_cents).toBe(grossToNet(price('webapp-business-6m').grossCents * 6) + price('click-dummy').netCents);
    expect(businessInvoices[6]!.gross_cents).toBe(price('webapp-business-6m').grossCents * 6 + price('click-dummy').grossCents);
    expect(businessInvoices.every((invoice) => invoice.format === 'factur-x' && invoice.payment_method === 'transfer')).toBe(true);
    await expectEInvoices(businessInvoices);

    // The public body: package and domain, then the package's second half-year.
    const publicInvoices = await invoicesOf(publicBody.orderNumber);
    expect(publicInvoices.map((invoice) => invoice.issued_on)).toEqual([today, billingPeriod({ startsOn: today, billingMonths: 6, endsOn: null }, 1).start]);
    expect(publicInvoices.every((invoice) => invoice.format === 'xrechnung-ubl')).toBe(true);
    await expectEInvoices(publicInvoices);
    expect((await readBack(publicInvoices[0]!.invoice_number)).buyerReference).toBe('05315-12345-85');

    // Consecutive numbers from RE-000001, none missing, none twice: the two acceptances' first invoices and the run's.
    expect(report.issued).toHaveLength(24);
    const { rows: all } = await (await getDb()).query<{ invoice_number: string }>('SELECT invoice_number FROM invoices ORDER BY invoice_number');
    expect(all.map((row) => numberOf(row.invoice_number))).toEqual(Array.from({ length: 26 }, (_, index) => index + 1));

    // Running again, for any day of the year, issues nothing.
    const again = await runBillingDays(await getDb(), { from: addDays(through, -40), through, origin: ORIGIN });
    expect(again.issued).toEqual([]);
  });
});

/** A withdrawal sent through the online form under `email`, naming the order as a customer would type it; confirmed through the mailed link when `confirm`. */
async function withdrawnByForm(orderNumber: string, email: string, confirm = true): Promise<void> {
  const { visitor, security } = await preparedVisitor();
  const sent = await visitor.call(withdrawalForm, '/api/forms/withdrawal', {
    method: 'POST',
    json: { contract: `Webapp Basis, Bestellung ${orderNumber.toLowerCase()}`, name: 'Erika Mustermann', email, ...security },
  });
  expect(sent.status).toBe(201);
  if (!confirm) return;
  const { rows: mails } = await (await getDb()).query<{ text_body: string }>(
    "SELECT text_body FROM mail_outbox WHERE lower(recipient) = lower($1) AND subject LIKE 'Eingangsbestätigung Ihres Widerrufs%' ORDER BY id",
    [email],
  );
  const token = /\/online-widerrufsformular\/bestaetigen\/([\w-]{43})/.exec(mails.at(-1)!.text_body)![1]!;
  const confirmed = await visitor.call(withdrawalIdentity, '/api/forms/withdrawal/identity', { method: 'POST', json: { token } });
  expect(confirmed.status).toBe(200);
}

describe('withdrawal', () => {
  it('once confirmed, ends the order’s contracts and refunds the invoice in full before the services began', async () => {
    const placed = await order({ type: 'consumer', email: 'widerruf@example.test' }, [{ id: 'webapp-basis-1m', quantity: 1 }], {
      consents: { agb: true, agbVersion: agb.version, earlyStart: false, waiverAcknowledged: false },
    });
    const db = await getDb();
    await issueFor(placed.id!, today);
    const [invoice] = await invoicesOf(placed.orderNumber);
    expect(invoice!.gross_cents).toBe(9520);

    // The online withdrawal form, under the address typed in another case.
    await withdrawnByForm(placed.orderNumber, 'Widerruf@Example.test', false);
    const endsOf = async () =>
      (await db.query<{ ends_on: string | null; end_note: string | null }>("SELECT to_char(ends_on, 'YYYY-MM-DD') AS ends_on, end_note FROM contracts WHERE order_id = $1", [placed.id])).rows;
    // Anyone can type an address: until the link mailed to it is confirmed, nothing changes and nothing is refunded (decision 0054).
    expect(await endsOf()).toEqual([{ ends_on: null, end_note: null }]);
    expect((await issueFor(placed.id!, today)).issued).toEqual([]);

    await withdrawnByForm(placed.orderNumber, 'widerruf@example.test');
    expect(await endsOf()).toEqual([{ ends_on: today, end_note: expect.stringMatching(/^Widerruf Nr\. \d+ vom /) }]);

    const report = await issueFor(placed.id!, today);
    expect(report.issued).toHaveLength(1);
    const invoices = await invoicesOf(placed.orderNumber);
    expect(invoices.map(({ kind, gross_cents, cancels }) => ({ kind, gross_cents, cancels }))).toEqual([
      { kind: 'invoice', gross_cents: 9520, cancels: null },
      { kind: 'cancellation', gross_cents: 9520, cancels: invoice!.invoice_number },
    ]);
    // Nothing more: no later period of a withdrawn order, no second refund.
    const later = await issueDueInvoices(db, { on: addDays(today, 60), origin: ORIGIN, orderId: placed.id! });
    expect(later.issued).toEqual([]);
  });

  // Issue 34: withdrawn after an early start, the consumer owes only the value of what was performed (§ 357a Abs. 2 BGB, decision 0061).
  it('after an early start credits every hour not worked in full and the package for the days after the withdrawal', async () => {
    const email = 'frueh-widerruf@example.test';
    const placed = await order({ type: 'consumer', email }, [
      { id: 'webapp-basis-1m', quantity: 1 },
      { id: 'software-development', quantity: 10 },
    ]);
    // Hours wait for an agent (decision 0053); the acceptance issues the first invoice and starts the services at once.
    await accepted(placed.orderNumber);
    const [invoice] = await invoicesOf(placed.orderNumber);
    const hours = catalogue.get('software-development')!.grossCents * 10;
    const month = catalogue.get('webapp-basis-1m')!.grossCents;
    expect(hours).toBe(95_200);
    expect(invoice!.gross_cents).toBe(hours + month);

    await withdrawnByForm(placed.orderNumber, email);
    const report = await issueFor(placed.id!, today);
    expect(report.issued).toHaveLength(1);
    const db = await getDb();
    const { rows: lines } = await db.query<{ name: string; line_gross_cents: number; period_start: string | null }>(
      `SELECT l.name, l.line_gross_cents, to_char(l.period_start, 'YYYY-MM-DD') AS period_start
       FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id WHERE i.invoice_number = $1 ORDER BY l.position`,
      [report.issued[0]],
    );
    // The package is kept for the day of the withdrawal only; the ten hours, none of them worked, come back whole.
    // (The pro-rata rule itself is the billing model's, tested in its unit and property tests.)
    const refund = refundOf(billingPeriod({ startsOn: today, billingMonths: 1, endsOn: null }, 0), month, today)!;
    const kept = month - refund.cents;
    expect(kept).toBeGreaterThan(0);
    expect(lines).toEqual([
      // A credit line keeps the start of the period it credits (the key that credits it once).
      { name: 'Webapp Basis (1 Monat): anteilige Erstattung', line_gross_cents: refund.cents, period_start: today },
      { name: expect.stringContaining('Softwareentwicklung'), line_gross_cents: hours, period_start: null },
    ]);
    const invoices = await invoicesOf(placed.orderNumber);
    expect(invoices[1]).toMatchObject({ kind: 'cancellation', cancels: invoice!.invoice_number, gross_cents: hours + month - kept });
  });

  it('matches nothing it would have to guess: another sender’s order stays untouched', async () => {
    const placed = await order({ type: 'consumer', email: 'eigen@example.test' }, [{ id: 'webapp-basis-1m', quantity: 1 }]);
    const db = await getDb();
    // Its number under another address names nothing: the link would go to that address, not to the orderer.
    const matched = await db.transaction((tx) => ordersNamedIn(tx, placed.orderNumber, { email: 'fremd@example.test' }));
    expect(matched).toBeNull();
    const { rows } = await db.query<{ ends_on: string | null }>('SELECT ends_on FROM contracts c JOIN orders o ON o.id = c.order_id WHERE o.order_number = $1', [placed.orderNumber]);
    expect(rows).toEqual([{ ends_on: null }]);
  });
});

describe('an early end', () => {
  it('refunds the rest of the billed period pro rata by days', async () => {
    const placed = await order({ type: 'consumer', email: 'kuendigung@example.test' }, [{ id: 'webapp-basis-1m', quantity: 1 }]);
    const db = await getDb();
    await issueFor(placed.id!, today);
    // An extraordinary cancellation ends the contract on the tenth day of its first month.
    const endsOn = addDays(today, 9);
    await db.query('UPDATE contracts SET ends_on = $1 WHERE order_id = $2', [endsOn, placed.id]);
    expect((await issueDueInvoices(db, { on: addDays(today, 8), origin: ORIGIN, orderId: placed.id! })).issued).toEqual([]);
    await issueFor(placed.id!, endsOn);
    const invoices = await invoicesOf(placed.orderNumber);
    const period = billingPeriod({ startsOn: today, billingMonths: 1, endsOn: null }, 0);
    const days = (Date.parse(period.end) - Date.parse(period.start)) / 86_400_000 + 1;
    expect(invoices.map((invoice) => invoice.kind)).toEqual(['invoice', 'cancellation']);
    expect(invoices[1]!.gross_cents).toBe(Math.round((9520 * (days - 10)) / days));
  });
});

describe('issued invoices', () => {
  it('are issued once by two concurrent runs, without a gap in the numbers', async () => {
    const placed = await order({ type: 'business', company: 'Parallel GmbH', email: 'parallel@example.test' }, [{ id: 'click-dummy', quantity: 2 }]);
    const db = await getDb();
    const runs = await Promise.all([0, 1, 2].map(() => issueDueInvoices(db, { on: addDays(today, 70), origin: ORIGIN, orderId: placed.id! })));
    await deliverMail(db, runs.flatMap((run) => run.mailIds));
    const issued = runs.flatMap((run) => run.issued);
    const invoices = await invoicesOf(placed.orderNumber);
    // The first invoice and the two months that began since: each once.
    expect(invoices).toHaveLength(3);
    expect(issued.sort()).toEqual(invoices.map((invoice) => invoice.invoice_number).sort());
    const { rows } = await db.query<{ last_number: string }>('SELECT last_number FROM invoice_counter');
    const { rows: all } = await db.query<{ invoice_number: string }>('SELECT invoice_number FROM invoices ORDER BY invoice_number');
    expect(all.map((row) => numberOf(row.invoice_number))).toEqual(Array.from({ length: Number(rows[0]!.last_number) }, (_, index) => index + 1));
  });

  it('a draft that cannot be made rolls back with its number and stays due for the next run', async () => {
    const placed = await order({ type: 'business', company: 'Fernweh AG', email: 'fernweh@example.test' }, [{ id: 'click-dummy', quantity: 1 }]);
    const db = await getDb();
    // An order stored before the checkout asked businesses for a country an e-invoice can name.
    await db.query("UPDATE orders SET country = 'Atlantis' WHERE id = $1", [placed.id]);
    const counter = async () => Number((await db.query<{ last_number: string }>('SELECT last_number FROM invoice_counter')).rows[0]!.last_number);
    const before = await counter();
    expect(await issueFor(placed.id!, today)).toMatchObject({ issued: [], failed: 1 });
    expect(await counter()).toBe(before);
    await db.query("UPDATE orders SET country = 'Deutschland' WHERE id = $1", [placed.id]);
    expect(await issueFor(placed.id!, today)).toMatchObject({ issued: [expect.stringMatching(/^RE-/)], failed: 0 });
  });

  it('never change: the database refuses to update or delete an invoice, its lines or documents', async () => {
    const placed = await order({ type: 'consumer', email: 'final@example.test' }, [{ id: 'webapp-basis-1m', quantity: 1 }]);
    const db = await getDb();
    const [number] = (await issueFor(placed.id!, today)).issued;
    const message = /Eine ausgestellte Rechnung wird nicht geändert/;
    await expect(db.query('UPDATE invoices SET gross_cents = 1, net_cents = 1, vat_cents = 0 WHERE invoice_number = $1', [number])).rejects.toThrow(message);
    // Deleting waits for the end of the statutory period (migration 0036, decision 0062).
    await expect(db.query('DELETE FROM invoices WHERE invoice_number = $1', [number])).rejects.toThrow(/bis zum Ende ihrer Aufbewahrungsfrist/);
    await expect(db.query('UPDATE invoice_lines SET name = $2 WHERE invoice_id = (SELECT id FROM invoices WHERE invoice_number = $1)', [number, 'x'])).rejects.toThrow(message);
    await expect(db.query("UPDATE invoice_documents SET content = '\\x00' WHERE invoice_id = (SELECT id FROM invoices WHERE invoice_number = $1)", [number])).rejects.toThrow(message);
    // The order's address may change later; the invoice keeps the buyer it was issued to.
    await db.query("UPDATE orders SET street = 'Neue Straße 1' WHERE id = $1", [placed.id]);
    const { rows } = await db.query<{ street: string }>("SELECT buyer->>'street' AS street FROM invoices WHERE invoice_number = $1", [number]);
    expect(rows[0]!.street).toBe('Heidestraße 17');
  });
});
