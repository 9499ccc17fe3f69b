import { describe, expect, it } from 'vitest';
import account from '../../../netlify/functions/account.mts';
import accountExport from '../../../netlify/functions/account-export.mts';
import invoiceDocument from '../../../netlify/functions/account-invoice-document.mts';
import overview from '../../../netlify/functions/account-overview.mts';
import orders from '../../../netlify/functions/orders.mts';
import { agb } from '../../../src/data/agb.ts';
import { periodEnd } from '../../../src/lib/contracts/ends.ts';
import type { AccountOverview } from '../../../src/lib/contracts/overview.ts';
import { todayIso } from '../../../src/lib/forms/dates.ts';
import type { AccountInvoice } from '../../../src/features/billing/overview.ts';
import { authMessages } from '../../../src/lib/schemas/auth.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { invoiceDocumentMessages } from '../../../src/features/billing/server/account-documents.ts';
import { cancelFixtureInvoice, issueFixtureInvoice, payFixtureInvoice, type FixtureInvoice } from '../../support/customer-invoice-fixture.ts';
import { placeOrder } from '../auth/guest-orders.ts';
import { accepted } from '../orders/decisions.ts';
import { loggedIn, primed } from '../auth/helpers.ts';
import type { Visitor } from '../http/visitor.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

/**
 * Issue 24, the customer's side of invoices: the list in the customer area (part of the one
 * overview statement), the download of an invoice's stored files by the account whose order it
 * bills and nobody else, the invoices in the GDPR export, and invoices outliving a deleted account.
 */

const uniqueEmail = (label: string) => `rechnungen-${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`;

function roundTrips(response: Response): number {
  const match = /desc="(\d+) round trips?"/.exec(response.headers.get('Server-Timing') ?? '');
  if (!match) throw new Error('answer without a round-trip count');
  return Number(match[1]);
}

async function overviewOf(visitor: Visitor): Promise<{ answer: AccountOverview; roundTrips: number }> {
  const response = await visitor.call(overview, '/api/account/overview');
  expect(response.status).toBe(200);
  return { answer: (await response.json()) as AccountOverview, roundTrips: roundTrips(response) };
}

function download(visitor: Visitor, invoiceNumber: string, kind?: string) {
  const query = kind === undefined ? '' : `?kind=${encodeURIComponent(kind)}`;
  return visitor.call(invoiceDocument, `/api/account/invoices/${encodeURIComponent(invoiceNumber)}/document${query}`, { params: { invoiceNumber } });
}

async function stored(invoiceId: number, kind: 'pdf' | 'xml'): Promise<{ fileName: string; content: Buffer }> {
  const { rows } = await (await getDb()).query<{ file_name: string; content: Uint8Array }>(
    'SELECT file_name, content FROM invoice_documents WHERE invoice_id = $1 AND kind = $2',
    [invoiceId, kind],
  );
  return { fileName: rows[0]!.file_name, content: Buffer.from(rows[0]!.content) };
}

/**
 * A consumer order of the logged-in visitor (the 6-month package, 540,00 € a period, and the
 * restore of a backup, 20,00 € once; accepted at once) and its first invoice, once the work after
 * the order's answer is done.
 */
async function invoicedOrder(visitor: Visitor, label: string): Promise<{ orderNumber: string; invoice: FixtureInvoice }> {
  const orderNumber = await placeOrder(uniqueEmail(label), visitor);
  await visitor.settled();
  return { orderNumber, invoice: await issueFixtureInvoice(await getDb(), orderNumber) };
}

/** A public customer's order of development hours, asking for an XRechnung (UBL) with its Leitweg-ID; an agent accepts it (decision 0053). */
async function placeBusinessOrder(visitor: Visitor, email: string): Promise<string> {
  const response = await visitor.call(orders, '/api/orders', {
    method: 'POST',
    json: withProofOfWork({
      items: [{ id: 'software-development', quantity: 2 }],
      customer: {
        type: 'business',
        company: 'Stadtverwaltung Musterstadt',
        vatId: '',
        invoiceFormat: 'xrechnung-ubl',
        leitwegId: '991-33333test-33',
        name: 'Erika Mustermann',
        street: 'Rathausplatz 1',
        postalCode: '51147',
        city: 'Köln',
        country: 'Deutschland',
        email,
      },
      paymentMethod: 'invoice',
      consents: { agb: true, agbVersion: agb.version },
    }),
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  const { orderId } = (await response.json()) as { orderId: string };
  await accepted(orderId);
  return orderId;
}

describe('the invoices in the customer area (GET /api/account/overview)', () => {
  it("lists the invoices of the account's orders newest first, with kind, dates, period, gross amount, status and files, in the same one statement", async () => {
    const { visitor } = await loggedIn();
    const before = await overviewOf(visitor);
    expect(before.answer.invoices).toEqual([]);

    const db = await getDb();
    const paid = await invoicedOrder(visitor, 'bezahlt');
    await payFixtureInvoice(db, paid.invoice);
    const cancelled = await invoicedOrder(visitor, 'storniert');
    const cancellation = await cancelFixtureInvoice(db, cancelled.invoice);
    const open = await invoicedOrder(visitor, 'offen');

    const after = await overviewOf(visitor);
    // The session lookup and the overview: with invoices or without, the same count (decision 0044).
    expect(after.roundTrips).toBe(before.roundTrips);
    expect(after.roundTrips).toBe(2);

    const today = todayIso();
    const { invoices } = after.answer;
    expect(invoices.map((invoice) => invoice.number)).toEqual([open.invoice.number, cancellation.number, cancelled.invoice.number, paid.invoice.number]);
    expect(invoices[0]).toEqual<AccountInvoice>({
      number: open.invoice.number,
      kind: 'invoice',
      cancels: null,
      orderNumber: open.orderNumber,
      issuedOn: today,
      dueOn: new Date(Date.parse(`${today}T00:00:00Z`) + 10 * 86_400_000).toISOString().slice(0, 10),
      // The package's first 6 months; the backup is restored within them.
      servicePeriod: { start: today, end: periodEnd(today, 6) },
      customerType: 'consumer',
      format: 'pdf',
      netCents: 47059,
      vatCents: 8941,
      grossCents: 56000,
      state: 'open',
      openCents: 56000,
      documents: ['pdf'],
    });
    expect(invoices.map(({ kind, cancels, state, openCents, grossCents }) => ({ kind, cancels, state, openCents, grossCents }))).toEqual([
      { kind: 'invoice', cancels: null, state: 'open', openCents: 56000, grossCents: 56000 },
      // Credited in full before any money came: nothing to pay, nothing to refund.
      { kind: 'cancellation', cancels: cancelled.invoice.number, state: 'offset', openCents: 0, grossCents: 56000 },
      { kind: 'invoice', cancels: null, state: 'cancelled', openCents: 0, grossCents: 56000 },
      { kind: 'invoice', cancels: null, state: 'settled', openCents: 0, grossCents: 56000 },
    ]);
  });

  it('shows a business its net and gross amounts and the XML of its XRechnung', async () => {
    const { visitor } = await loggedIn();
    const orderNumber = await placeBusinessOrder(visitor, uniqueEmail('behoerde'));
    await visitor.settled();
    const db = await getDb();
    const { rows } = await db.query<{ invoice_format: string; leitweg_id: string }>('SELECT invoice_format, leitweg_id FROM orders WHERE order_number = $1', [orderNumber]);
    expect(rows[0]).toEqual({ invoice_format: 'xrechnung-ubl', leitweg_id: '991-33333TEST-33' });

    const invoice = await issueFixtureInvoice(db, orderNumber);
    // Two hours at 80,00 € net.
    expect((await overviewOf(visitor)).answer.invoices).toEqual([
      expect.objectContaining({ number: invoice.number, customerType: 'business', format: 'xrechnung-ubl', netCents: 16000, vatCents: 3040, grossCents: 19040, documents: ['pdf', 'xml'] }),
    ]);

    const xml = await download(visitor, invoice.number, 'xml');
    expect(xml.status).toBe(200);
    // One download answer for every file (fileResponse): the agents' copy of the same XML says its charset too.
    expect(xml.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const file = await stored(invoice.id, 'xml');
    expect(xml.headers.get('content-disposition')).toBe(`attachment; filename="${file.fileName}"`);
    expect(Buffer.from(await xml.arrayBuffer()).equals(file.content)).toBe(true);
    expect(file.content.toString('utf8')).toContain(invoice.number);
  });

  it('shows another account none of them', async () => {
    const { visitor: owner } = await loggedIn();
    await invoicedOrder(owner, 'eigentuemer');
    expect((await overviewOf(owner)).answer.invoices).toHaveLength(1);

    const { visitor: stranger } = await loggedIn();
    expect((await overviewOf(stranger)).answer.invoices).toEqual([]);
  });
});

describe('GET /api/account/invoices/:invoiceNumber/document', () => {
  it('answers the stored PDF to the account whose order it bills, as a download nobody caches', async () => {
    const { visitor } = await loggedIn();
    const { invoice } = await invoicedOrder(visitor, 'download');
    const file = await stored(invoice.id, 'pdf');
    expect(file.fileName).toMatch(/^[\w.-]+\.pdf$/);

    for (const response of [await download(visitor, invoice.number, 'pdf'), await download(visitor, invoice.number)]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${file.fileName}"`);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get('content-length')).toBe(String(bytes.byteLength));
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The file exactly as it was stored when the invoice was issued.
      expect(bytes.equals(file.content)).toBe(true);
    }
  });

  it("answers another account's invoice with the same 404 as an unknown or malformed number or a file the invoice does not have", async () => {
    const { visitor: owner } = await loggedIn();
    const { invoice } = await invoicedOrder(owner, 'fremd');
    const { visitor: stranger } = await loggedIn();

    const refusals = [
      await download(stranger, invoice.number),
      await download(stranger, invoice.number, 'pdf'),
      await download(owner, 'RE-999999999'),
      await download(owner, "RE-1' OR '1'='1"),
      await download(owner, ''),
      // A consumer's invoice is a PDF only; a kind that is none.
      await download(owner, invoice.number, 'xml'),
      await download(owner, invoice.number, 'content'),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(404);
      expect(await refusal.json()).toEqual({ message: invoiceDocumentMessages.notFound });
    }
    expect((await download(owner, invoice.number)).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const { visitor: owner } = await loggedIn();
    const { invoice } = await invoicedOrder(owner, 'abgemeldet');
    const response = await download(await primed(), invoice.number);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: authMessages.notLoggedIn });
  });
});

describe('invoices and the account (GDPR)', () => {
  it('exports the invoices with their lines and the names of their files, not the files', async () => {
    const { visitor } = await loggedIn();
    const { orderNumber, invoice } = await invoicedOrder(visitor, 'export');
    await payFixtureInvoice(await getDb(), invoice, '2026-12-01');

    const response = await visitor.call(accountExport, '/api/account/export');
    expect(response.status).toBe(200);
    const text = await response.text();
    const data = JSON.parse(text) as { orders: { orderNumber: string; items: { name: string }[] }[]; invoices: Record<string, unknown>[] };
    const today = todayIso();
    const [packageName, backupName] = data.orders.find((order) => order.orderNumber === orderNumber)!.items.map((item) => item.name);
    expect(data.invoices).toEqual([
      expect.objectContaining({
        number: invoice.number,
        kind: 'invoice',
        cancels: null,
        orderNumber,
        issuedOn: today,
        servicePeriod: { start: today, end: periodEnd(today, 6) },
        customerType: 'consumer',
        priceBasis: 'gross',
        format: 'pdf',
        paymentMethod: 'transfer',
        buyer: expect.objectContaining({ name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln' }),
        netCents: 47059,
        vatCents: 8941,
        grossCents: 56000,
        paidOn: '2026-12-01',
        files: [(await stored(invoice.id, 'pdf')).fileName],
        lines: [
          expect.objectContaining({ credit: false, orderPosition: 1, name: packageName, periodStart: today, periodEnd: periodEnd(today, 6), lineCents: 54000, vatPercent: 19 }),
          expect.objectContaining({ credit: false, orderPosition: 2, name: backupName, periodStart: null, quantity: 1, unitCents: 2000, lineCents: 2000, vatPercent: 19 }),
        ],
      }),
    ]);
    // Metadata, not the binary files.
    expect(text).not.toContain('%PDF');
    const { visitor: stranger } = await loggedIn();
    expect(await (await stranger.call(accountExport, '/api/account/export')).json()).toMatchObject({ invoices: [] });
  });

  it('deletes an account with invoices: its orders and invoices stay as issued, kept for 8 years without the account', async () => {
    const { visitor, account: credentials } = await loggedIn();
    const { orderNumber, invoice } = await invoicedOrder(visitor, 'loeschen');
    const db = await getDb();
    await payFixtureInvoice(db, invoice);
    const kept = async () =>
      (
        await db.query(
          `SELECT i.*, (SELECT count(*)::int FROM invoice_lines l WHERE l.invoice_id = i.id) AS lines,
                  (SELECT count(*)::int FROM invoice_documents d WHERE d.invoice_id = i.id) AS documents,
                  (SELECT count(*)::int FROM invoice_payments p WHERE p.invoice_id = i.id) AS payments
           FROM invoices i WHERE i.id = $1`,
          [invoice.id],
        )
      ).rows;
    const before = await kept();
    expect(before).toMatchObject([{ lines: 2, documents: 1, payments: 1 }]);

    const deleted = await visitor.call(account, '/api/account', { method: 'DELETE', json: { password: credentials.password } });
    expect(deleted.status).toBe(204);
    expect((await db.query('SELECT 1 FROM users WHERE email = $1', [credentials.email])).rows).toHaveLength(0);
    expect(await kept()).toEqual(before);
    const { rows } = await db.query<{ user_id: string | null }>('SELECT user_id FROM orders WHERE order_number = $1', [orderNumber]);
    expect(rows).toEqual([{ user_id: null }]);
  });
});
