import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { agb } from '../../../src/data/agb.ts';
import { catalogue } from '../../../src/data/catalogue.ts';
import { issueDueInvoices } from '../../../src/features/billing/server/issue.ts';
import { addDays } from '../../../src/lib/contracts/ends.ts';
import { todayIso } from '../../../src/lib/forms/dates.ts';
import { OrderRequestSchema, type InvoiceFormat } from '../../../src/lib/schemas/order.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { deliverMail } from '../../../src/server/mail/index.ts';
import { placeOrder } from '../../../src/server/orders/place-order.ts';
import { kitDir, kitPresent, missingTools, validateDocument, withLimit, type KitResult } from '../../support/e-invoice-kit.ts';
import { inboxAction } from '../agent/helpers.ts';
import { ORIGIN } from '../http/visitor.ts';
import { accepted, anAgent } from '../orders/decisions.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

/**
 * Issue 34, item 4: every document the billing run makes passes the official validation kit
 * (../shared/einvoice-validator, or EINVOICE_VALIDATOR_DIR) with 0 errors and 0 warnings. The
 * documents come from the real issuing path: the checkout's request through the shared schema,
 * placeOrder as POST /api/orders runs it, the agent's acceptance where the order waits for one,
 * the billing run (issueDueInvoices) for the invoice; for the Stornorechnung an extraordinary
 * cancellation as the form stores it, decided by an agent through PATCH /api/agent/inbox, which
 * ends the contract ten days into its first period, and the billing run on that day refunding
 * the rest. Every file stored for an invoice is validated: PDF, Factur-X PDF, XRechnung XML and its
 * PDF reading copy.
 *
 * Its own vitest project ('e-invoice-kit', vitest.config.ts), on PGlite only. Without the kit the
 * test is skipped and says so; with the kit but without its tools it fails.
 */

const today = todayIso();
/** The early end the credit notes refund: the tenth day of the first billed period. */
const endsOn = addDays(today, 9);

const address = { name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland' };

/**
 * Who orders, one line each. Besides the domestic cases, the two without German VAT (decision 0056):
 * an Austrian business with its VAT ID (reverse charge, category AE) and a Swiss one (not taxable in
 * Germany, category O).
 */
const CUSTOMERS = {
  consumer: { type: 'consumer', ...address, email: 'verbraucher@example.test' },
  business: { type: 'business', ...address, company: 'Mustermann Bau GmbH', vatId: 'DE123456788', email: 'einkauf@example.test' },
  publicBody: { type: 'business', ...address, name: 'Rechnungseingang', company: 'Stadt Köln, Amt für Informationsverarbeitung', email: 'rechnung@stadt-koeln.example', leitwegId: '991-33333TEST-33' },
  // Valid by format and Austria's check-digit rule, invented.
  reverseCharge: { type: 'business', ...address, street: 'Mariahilfer Straße 1', postalCode: '1060', city: 'Wien', country: 'Österreich', company: 'Donau Software GmbH', vatId: 'ATU12345675', email: 'office@donau.example' },
  notTaxable: { type: 'business', ...address, street: 'Bahnhofstrasse 10', postalCode: '8001', city: 'Zürich', country: 'Schweiz', company: 'Matterhorn Digital AG', email: 'buchhaltung@matterhorn.example' },
} as const satisfies Record<string, Record<string, string>>;

type Customer = keyof typeof CUSTOMERS;
/** The tax case each customer's invoices must carry, so that a fall back to domestic VAT cannot pass unseen. */
const TAX_CASE = { consumer: 'domestic', business: 'domestic', publicBody: 'domestic', reverseCharge: 'reverse-charge', notTaxable: 'not-taxable' } as const satisfies Record<Customer, string>;
type PaymentMethod = 'invoice' | 'sepa' | 'paypal';
const PAYMENTS: readonly PaymentMethod[] = ['invoice', 'sepa', 'paypal'];
const E_INVOICES = ['factur-x', 'xrechnung-cii', 'xrechnung-ubl'] as const;

/** The matrix, one line per customer: the formats it can get × every payment method, each as invoice and Stornorechnung. */
const MATRIX: { customer: Customer; formats: readonly InvoiceFormat[]; payments: readonly PaymentMethod[] }[] = [
  { customer: 'consumer', formats: ['pdf'], payments: PAYMENTS },
  { customer: 'business', formats: E_INVOICES, payments: PAYMENTS },
  { customer: 'publicBody', formats: ['xrechnung-cii', 'xrechnung-ubl'], payments: PAYMENTS },
  { customer: 'reverseCharge', formats: E_INVOICES, payments: PAYMENTS },
  { customer: 'notTaxable', formats: E_INVOICES, payments: PAYMENTS },
];

interface Case {
  customer: Customer;
  format: InvoiceFormat;
  payment: PaymentMethod;
}

const CASES: Case[] = MATRIX.flatMap(({ customer, formats, payments }) => formats.flatMap((format) => payments.map((payment) => ({ customer, format, payment }))));

/** A monthly contract each, so the early end leaves a rest of the period to refund. */
const ITEMS = { consumer: [{ id: 'webapp-basis-1m', quantity: 1 }], business: [{ id: 'click-dummy', quantity: 2 }] };

let keys = 0;

/** The checkout's request through the shared schema, placed as POST /api/orders places it, accepted by an agent if it waits for one. */
async function placed(testCase: Case): Promise<number> {
  const customer = CUSTOMERS[testCase.customer];
  const consumer = customer.type === 'consumer';
  const request = v.parse(
    OrderRequestSchema,
    withProofOfWork({
      items: consumer ? ITEMS.consumer : ITEMS.business,
      customer: consumer ? customer : { ...customer, invoiceFormat: testCase.format },
      paymentMethod: testCase.payment,
      ...(testCase.payment === 'sepa' ? { iban: 'DE89370400440532013000', sepaMandate: true } : {}),
      consents: { agb: true, agbVersion: agb.version, earlyStart: consumer, waiverAcknowledged: consumer },
    }),
  );
  const db = await getDb();
  const order = await placeOrder(db, catalogue, { request, keyScope: 'e-invoice-validation', idempotencyKey: `e-invoice-${++keys}-${Date.now()}`, agbVersion: agb.version, origin: ORIGIN });
  await deliverMail(db, order.mailIds);
  if (order.status !== 'accepted') await accepted(order.orderNumber);
  return order.id!;
}

/** The billing run for this order on `on`, its mails delivered as every run does. */
async function billingRun(orderId: number, on: string): Promise<string[]> {
  const db = await getDb();
  const report = await issueDueInvoices(db, { on, origin: ORIGIN, orderId });
  await deliverMail(db, report.mailIds);
  return report.issued;
}

/** An extraordinary cancellation of each of the order's contracts, stored as the form stores it, decided by an agent: the contracts end on `endsOn`. */
async function endedEarly(orderId: number): Promise<void> {
  const db = await getDb();
  const { visitor } = await anAgent();
  const { rows: contracts } = await db.query<{ contract_number: string; email: string }>('SELECT contract_number, email FROM contracts WHERE order_id = $1', [orderId]);
  for (const contract of contracts) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO cancellations (contract_name, type_of_cancellation, end_of_contract_period, firstname, lastname, email, customer_id)
       VALUES ('Klickdummy', 'extraordinary', 'earliest', 'Erika', 'Mustermann', $1, '') RETURNING id`,
      [contract.email],
    );
    const response = await inboxAction(visitor, 'cancellation', rows[0]!.id, { action: 'decideCancellation', endDate: endsOn, reason: 'Betriebsaufgabe', contractNumber: contract.contract_number });
    if (response.status !== 200) throw new Error(`decision failed: ${response.status} ${await response.text()}`);
  }
  await visitor.settled();
}

interface Document {
  label: string;
  fileName: string;
  content: Uint8Array;
}

/** Every file stored for the invoices, as the customer downloads them. */
async function documentsOf(invoiceNumbers: string[], testCase: Case): Promise<Document[]> {
  const { rows } = await (await getDb()).query<{ kind: string; file_name: string; content: Uint8Array }>(
    `SELECT i.kind, d.file_name, d.content FROM invoice_documents d JOIN invoices i ON i.id = d.invoice_id
     WHERE i.invoice_number = ANY($1) ORDER BY i.id, d.kind`,
    [invoiceNumbers],
  );
  return rows.map((row) => ({
    label: `${testCase.customer} · ${testCase.format} · ${testCase.payment} · ${row.kind} · ${row.file_name}`,
    fileName: `${testCase.customer}-${testCase.format}-${testCase.payment}-${row.file_name}`,
    content: new Uint8Array(row.content),
  }));
}

const seconds = (milliseconds: number): string => `${(milliseconds / 1000).toFixed(1)} s`;

describe('e-invoices pass the official validation kit', () => {
  let dir = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'e-invoice-validation-'));
  });

  // A skip must be seen in the run's output, not only in a verbose report.
  if (!kitPresent()) console.warn(`[e-invoice kit] SKIPPED: no validation kit at ${kitDir()}`);
  const title = kitPresent()
    ? `every document of the matrix (${CASES.length} orders): 0 errors, 0 warnings (kit: ${kitDir()})`
    : `SKIPPED: no validation kit at ${kitDir()} – put it at ../shared/einvoice-validator or set EINVOICE_VALIDATOR_DIR`;
  it.skipIf(!kitPresent())(title, async () => {
    const missing = await missingTools();
    expect(missing, `the validation kit is there, its tools are not: ${missing.join(', ')} (Debian: apt-get install default-jre-headless libsaxonhe-java libxml2-utils qpdf poppler-utils)`).toEqual([]);

    // The kit starts a JVM per stylesheet: two at a time (the CI machine has two cores), each
    // document validated as soon as it is made, while the next order goes through the run.
    const started = performance.now();
    const kit = withLimit(2);
    const validations: Promise<KitResult & { label: string }>[] = [];
    let count = 0;
    for (const testCase of CASES) {
      const orderId = await placed(testCase);
      const invoice = await billingRun(orderId, today);
      expect(invoice, `${JSON.stringify(testCase)}: the invoice`).toHaveLength(1);
      await endedEarly(orderId);
      const credit = await billingRun(orderId, endsOn);
      expect(credit, `${JSON.stringify(testCase)}: the Stornorechnung`).toHaveLength(1);
      const { rows: taxed } = await (await getDb()).query<{ tax_case: string }>('SELECT tax_case FROM invoices WHERE invoice_number = ANY($1)', [[...invoice, ...credit]]);
      expect(taxed.map((row) => row.tax_case), JSON.stringify(testCase)).toEqual([TAX_CASE[testCase.customer], TAX_CASE[testCase.customer]]);
      const documents = await documentsOf([...invoice, ...credit], testCase);
      // Invoice and Stornorechnung; an XRechnung with its PDF reading copy.
      expect(documents, JSON.stringify(testCase)).toHaveLength(testCase.format.startsWith('xrechnung') ? 4 : 2);
      count += documents.length;
      for (const document of documents) validations.push(kit(async () => ({ label: document.label, ...(await validateDocument(dir, document.fileName, document.content)) })));
    }
    const results = await Promise.all(validations);
    const wall = performance.now() - started;

    const byKind = new Map<string, number[]>();
    for (const result of results) {
      const kind = result.file.endsWith('.xml') ? 'XML' : result.label.includes('factur-x') ? 'Factur-X PDF' : 'PDF';
      byKind.set(kind, [...(byKind.get(kind) ?? []), result.milliseconds]);
    }
    const perKind = [...byKind].map(([kind, times]) => `${kind} ${times.length}× ⌀ ${seconds(times.reduce((sum, time) => sum + time, 0) / times.length)}`).join(', ');
    console.info(`[e-invoice kit] ${count} documents in ${seconds(wall)} (orders, billing runs and kit, 2 kit runs at a time); per document: ${perKind}; files in ${dir}`);

    const failed = results
      .filter((result) => result.findings.length > 0 || result.exitCode !== 0)
      .map((result) => `${result.label}:\n${result.findings.map((f) => `  ${f.validator} ${f.severity} ${f.rule} ${f.location} ${f.message}`).join('\n')}`);
    expect(failed, failed.join('\n\n')).toEqual([]);
    expect(results).toHaveLength(count);
  });
});
