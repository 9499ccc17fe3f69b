import { describe, expect, it } from 'vitest';
import orders from '../../../netlify/functions/orders.mts';
import { site } from '../../../src/config/site.ts';
import { agb } from '../../../src/data/agb.ts';
import { billingPeriod } from '../../../src/features/billing/billing.ts';
import { runBilling } from '../../../src/features/billing/server/billing-run.ts';
import { todayIso } from '../../../src/lib/forms/dates.ts';
import { formatEuro } from '../../../src/lib/money.ts';
import { TAX_CASE_LABEL } from '../../../src/lib/tax-case.ts';
import { taxMessages, VAT_ID_UNCONFIRMED } from '../../../src/lib/tax.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { inboxItem } from '../../../src/server/inbox/inbox.ts';
import { readEInvoiceXml, readFacturX, checkEn16931Arithmetic, type ReadBack } from '../../support/e-invoice-reader.ts';
import { ORIGIN, Visitor } from '../http/visitor.ts';
import health from '../../../netlify/functions/health.mts';
import { accepted, orderIdOf } from '../orders/decisions.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

/**
 * Issue 34 item 2, decision 0056: every tax case through the real order endpoint, the agent's
 * acceptance and the billing run – what the order stores, what its mails say, and what its
 * invoices and e-invoices state.
 */

const today = todayIso();

// Net prices of the price source: Webapp Basis (1 Monat) 80,00 € a month (95,20 € gross), a development hour 80,00 € (95,20 € gross).
const WEBAPP_1M = { id: 'webapp-basis-1m', quantity: 1 };
const DEV_HOURS = { id: 'software-development', quantity: 2 };

const address = { name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland' };
const vienna = { street: 'Mariahilfer Straße 1', postalCode: '1060', city: 'Wien', country: 'Österreich' };
const zurich = { street: 'Bahnhofstrasse 10', postalCode: '8001', city: 'Zürich', country: 'Schweiz' };
// Valid by format and check digits (ATU: Austria's check-digit rule), invented.
const AUSTRIAN_VAT_ID = 'ATU12345675';

let keys = 0;

async function submit(customer: Record<string, unknown>, items: { id: string; quantity: number }[] = [WEBAPP_1M], format: Record<string, unknown> = {}) {
  const visitor = new Visitor();
  await visitor.call(health, '/api/health');
  const consumer = customer.type === 'consumer';
  const response = await visitor.call(orders, '/api/orders', {
    method: 'POST',
    json: withProofOfWork({
      items,
      customer: { ...address, ...customer, ...format },
      paymentMethod: 'invoice',
      consents: { agb: true, agbVersion: agb.version, ...(consumer && { earlyStart: true, waiverAcknowledged: true }) },
    }),
    headers: { 'Idempotency-Key': `taxes-${++keys}-${Date.now()}` },
  });
  // The first invoice of an order accepted at once is issued after the answer.
  await visitor.settled();
  return response;
}

async function placed(customer: Record<string, unknown>, items?: { id: string; quantity: number }[], format?: Record<string, unknown>): Promise<string> {
  const response = await submit(customer, items, format);
  if (response.status !== 201) throw new Error(`order refused: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { orderId: string }).orderId;
}

async function stored(orderNumber: string) {
  const db = await getDb();
  const { rows: order } = await db.query<{ tax_case: string; vat_cents: number; net_cents: number; total_cents: number }>(
    'SELECT tax_case, vat_cents, net_cents, total_cents FROM orders WHERE order_number = $1',
    [orderNumber],
  );
  const { rows: lines } = await db.query<{ vat_percent: number }>(
    'SELECT l.vat_percent FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.order_number = $1 ORDER BY l.position',
    [orderNumber],
  );
  const { rows: contracts } = await db.query<{ vat_percent: number }>('SELECT c.vat_percent FROM contracts c JOIN orders o ON o.id = c.order_id WHERE o.order_number = $1', [
    orderNumber,
  ]);
  const { rows: invoices } = await db.query<{ invoice_number: string; tax_case: string; net_cents: number; vat_cents: number; gross_cents: number; format: string }>(
    'SELECT i.invoice_number, i.tax_case, i.net_cents, i.vat_cents, i.gross_cents, i.format FROM invoices i JOIN orders o ON o.id = i.order_id WHERE o.order_number = $1 ORDER BY i.id',
    [orderNumber],
  );
  const { rows: mails } = await db.query<{ subject: string; text_body: string }>(
    "SELECT m.subject, m.text_body FROM mail_outbox m JOIN orders o ON o.email = m.recipient WHERE o.order_number = $1 AND m.recipient <> $2 ORDER BY m.id",
    [orderNumber, site.email],
  );
  return { order: order[0]!, linePercents: lines.map((line) => line.vat_percent), contractPercents: contracts.map((contract) => contract.vat_percent), invoices, mails };
}

/** The e-invoice of an issued invoice, read back with the second implementation. */
async function eInvoice(invoiceNumber: string): Promise<ReadBack> {
  const { rows } = await (await getDb()).query<{ kind: string; content: Uint8Array }>(
    'SELECT d.kind, d.content FROM invoice_documents d JOIN invoices i ON i.id = d.invoice_id WHERE i.invoice_number = $1',
    [invoiceNumber],
  );
  const xml = rows.find((row) => row.kind === 'xml');
  return xml ? readEInvoiceXml(xml.content) : (await readFacturX(rows.find((row) => row.kind === 'pdf')!.content)).invoice;
}

const plain = (text: string) => text.replace(/\u00a0/g, ' ');

/** The second period of a monthly contract, issued by the daily run. */
async function secondMonth(): Promise<void> {
  await runBilling(await getDb(), { on: billingPeriod({ startsOn: today, billingMonths: 1, endsOn: null }, 1).start, origin: ORIGIN });
}

describe('taxes per customer (decision 0056)', () => {
  it('a consumer in Germany pays German VAT: 19 %, category S', async () => {
    const number = await placed({ type: 'consumer', email: 'inland@example.test' });
    const { order, linePercents, contractPercents, invoices } = await stored(number);
    expect(order).toMatchObject({ tax_case: 'domestic', total_cents: 9520, vat_cents: 1520 });
    expect(linePercents).toEqual([19]);
    expect(contractPercents).toEqual([19]);
    expect(invoices).toMatchObject([{ tax_case: 'domestic', gross_cents: 9520, vat_cents: 1520, format: 'pdf' }]);
  });

  it('a business in Germany pays German VAT on its net prices; its e-invoice is category S with our VAT ID', async () => {
    const number = await placed({ type: 'business', company: 'Mustermann Bau GmbH', vatId: 'DE123456788', email: 'firma-inland@example.test' });
    const { order, linePercents, invoices } = await stored(number);
    expect(order).toMatchObject({ tax_case: 'domestic', net_cents: 8000, vat_cents: 1520 });
    expect(linePercents).toEqual([19]);
    const read = await eInvoice(invoices[0]!.invoice_number);
    expect(read.vatBreakdown).toEqual([{ category: 'S', percent: '19', exemptionCode: null, exemptionReason: null, taxableCents: 8000, taxCents: 1520 }]);
    expect(read.sellerVatId).toBe(site.vatId);
  });

  it('a business in another EU state with a valid VAT ID: reverse charge, 0 %, category AE, the note and both VAT IDs – from the order to the billing run', async () => {
    // Hours make the order one an agent accepts (decision 0053): the acceptance builds the contract confirmation from the order as placed.
    const number = await placed(
      { type: 'business', company: 'Alpenblick Software GmbH', vatId: 'atu 1234 5675', email: 'rc@example.test', ...vienna },
      [WEBAPP_1M, DEV_HOURS],
      { invoiceFormat: 'xrechnung-ubl' },
    );
    await accepted(number);
    await secondMonth();
    const { order, linePercents, contractPercents, invoices, mails } = await stored(number);
    expect(order).toMatchObject({ tax_case: 'reverse-charge', net_cents: 24000, vat_cents: 0, total_cents: 24000 });
    expect(linePercents).toEqual([0, 0]);
    expect(contractPercents).toEqual([0]);

    // The receipt and the acceptance say why there is no VAT and name both VAT IDs (§ 14a Abs. 1, 5 UStG).
    const acceptance = plain(mails.find((mail) => mail.subject.startsWith('Auftragsbestätigung'))!.text_body);
    expect(acceptance).toContain('240,00 € netto, 0 % USt.');
    expect(acceptance).toContain('Steuerschuldnerschaft des Leistungsempfängers: Der Ort der Leistung liegt in Ihrem Mitgliedstaat');
    expect(acceptance).toContain(`USt-IdNr. des Leistungsempfängers: ${AUSTRIAN_VAT_ID}, unsere USt-IdNr.: ${site.vatId}`);
    expect(acceptance).not.toContain('19 %');

    // The first invoice (the acceptance's) and the second month (the run's): both AE, no VAT.
    expect(invoices.map(({ tax_case, net_cents, vat_cents, gross_cents }) => ({ tax_case, net_cents, vat_cents, gross_cents }))).toEqual([
      { tax_case: 'reverse-charge', net_cents: 24000, vat_cents: 0, gross_cents: 24000 },
      { tax_case: 'reverse-charge', net_cents: 8000, vat_cents: 0, gross_cents: 8000 },
    ]);
    for (const invoice of invoices) {
      const read = await eInvoice(invoice.invoice_number);
      expect(read.syntax).toBe('UBL');
      expect(read.vatBreakdown).toEqual([
        { category: 'AE', percent: '0', exemptionCode: 'VATEX-EU-AE', exemptionReason: 'Steuerschuldnerschaft des Leistungsempfängers', taxableCents: invoice.net_cents, taxCents: 0 },
      ]);
      expect(read.lines.every((line) => line.vatCategory === 'AE' && line.vatPercent === '0')).toBe(true);
      expect({ seller: read.sellerVatId, buyer: read.buyerVatId }).toEqual({ seller: site.vatId, buyer: AUSTRIAN_VAT_ID });
      expect(checkEn16931Arithmetic(read)).toEqual([]);
    }
    const invoiceMail = plain(mails.find((mail) => mail.subject.startsWith('Ihre Rechnung'))!.text_body);
    expect(invoiceMail).toContain('Steuerschuldnerschaft des Leistungsempfängers');

    // The agents see that the check digits are no official confirmation (§ 18e UStG).
    const item = await inboxItem(await getDb(), 'order', await orderIdOf(number));
    expect(item.details).toEqual(
      expect.arrayContaining([
        { label: 'Umsatzsteuer', kind: 'text', value: TAX_CASE_LABEL['reverse-charge'] },
        { label: 'USt-IdNr. prüfen', kind: 'text', value: VAT_ID_UNCONFIRMED },
      ]),
    );
    expect(VAT_ID_UNCONFIRMED).toContain('USt-IdNr. noch nicht amtlich bestätigt (BZSt)');
  });

  it('a VAT ID that fails its check digits, or belongs to another country, is refused in German', async () => {
    const business = { type: 'business', company: 'Alpenblick Software GmbH', email: 'falsch@example.test', ...vienna };
    const checksum = await submit({ ...business, vatId: 'ATU12345678' });
    expect(checksum.status).toBe(400);
    expect(((await checksum.json()) as { errors: Record<string, string> }).errors).toEqual({ 'customer.vatId': taxMessages.vatIdInvalid });
    const otherCountry = await submit({ ...business, vatId: 'DE123456788' });
    expect(((await otherCountry.json()) as { errors: Record<string, string> }).errors).toEqual({ 'customer.vatId': taxMessages.vatIdOtherCountry });
    const { rows } = await (await getDb()).query("SELECT 1 FROM orders WHERE email = 'falsch@example.test'");
    expect(rows).toEqual([]);
  });

  it('a business in another EU state without a VAT ID pays German VAT like a consumer there', async () => {
    const number = await placed({ type: 'business', company: 'Alpenblick Software GmbH', email: 'ohne-id@example.test', ...vienna });
    const { order, linePercents, invoices } = await stored(number);
    expect(order).toMatchObject({ tax_case: 'eu-consumer', net_cents: 8000, vat_cents: 1520 });
    expect(linePercents).toEqual([19]);
    const read = await eInvoice(invoices[0]!.invoice_number);
    expect(read.vatBreakdown.map((vat) => vat.category)).toEqual(['S']);
  });

  it('a business in Switzerland: not taxable in Germany, category O without a rate and without VAT IDs, through the billing run', async () => {
    const number = await placed(
      { type: 'business', company: 'Matterhorn Digital AG', name: 'Urs Keller', email: 'drittland@example.test', ...zurich },
      [WEBAPP_1M],
      { invoiceFormat: 'xrechnung-cii' },
    );
    await secondMonth();
    const { order, linePercents, contractPercents, invoices, mails } = await stored(number);
    expect(order).toMatchObject({ tax_case: 'not-taxable', net_cents: 8000, vat_cents: 0, total_cents: 8000 });
    expect(linePercents).toEqual([0]);
    expect(contractPercents).toEqual([0]);
    expect(plain(mails[0]!.text_body)).toContain('Nicht im Inland steuerbare Leistung: Der Ort der Leistung liegt bei Ihnen außerhalb der EU (§ 3a Abs. 2 UStG).');
    expect(invoices.map((invoice) => invoice.tax_case)).toEqual(['not-taxable', 'not-taxable']);
    for (const invoice of invoices) {
      const read = await eInvoice(invoice.invoice_number);
      expect(read.syntax).toBe('CII');
      expect(read.vatBreakdown).toEqual([
        { category: 'O', percent: '0', exemptionCode: 'VATEX-EU-O', exemptionReason: 'Nicht im Inland steuerbare Leistung', taxableCents: 8000, taxCents: 0 },
      ]);
      expect(read.lines.every((line) => line.vatCategory === 'O' && line.vatPercent === null)).toBe(true);
      // BR-O-02: neither our VAT ID nor the buyer's in an invoice not subject to VAT.
      expect({ seller: read.sellerVatId, buyer: read.buyerVatId }).toEqual({ seller: null, buyer: null });
      expect(checkEn16931Arithmetic(read)).toEqual([]);
    }
  });

  it('a consumer in another EU state pays German VAT (below the threshold of § 3a Abs. 5 UStG), and the agents see the year’s sum', async () => {
    const number = await placed({ type: 'consumer', name: 'Jürgen Größmann', email: 'eu-verbraucher@example.test', ...vienna });
    const { order, invoices } = await stored(number);
    expect(order).toMatchObject({ tax_case: 'eu-consumer', total_cents: 9520, vat_cents: 1520 });
    expect(invoices).toMatchObject([{ tax_case: 'eu-consumer', gross_cents: 9520 }]);
    const item = await inboxItem(await getDb(), 'order', await orderIdOf(number));
    const threshold = item.details.find((detail) => detail.label === 'Umsatzschwelle § 3a Abs. 5 UStG');
    // Every invoice of this file taxed so: this consumer's and those of the business without a VAT ID.
    const year = Number(today.slice(0, 4));
    const { rows } = await (await getDb()).query<{ net: string }>(
      "SELECT sum(net_cents) AS net FROM invoices WHERE tax_case = 'eu-consumer' AND extract(year FROM issued_on) = $1",
      [year],
    );
    expect(plain(threshold?.kind === 'text' ? threshold.value : '')).toBe(`${year - 1}: 0,00 €, ${year}: ${plain(formatEuro(Number(rows[0]!.net)))} netto von 10.000,00 €`);
  });

  it('a consumer outside the EU is refused at the checkout with a German message', async () => {
    for (const country of ['Schweiz', 'Norwegen', 'USA']) {
      const response = await submit({ type: 'consumer', email: 'drittland-verbraucher@example.test', ...zurich, country });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({ 'customer.country': taxMessages.consumerOutsideEu });
    }
  });
});
