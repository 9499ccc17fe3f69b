import type { IsoDay } from '../../../lib/contracts/ends.ts';
import type { Db, Transaction } from '../../../server/db/index.ts';
import type { OutgoingMail } from '../../../server/mail/message.ts';
import { enqueueMail, enqueueVisitorMail } from '../../../server/mail/outbox.ts';
import { invoiceFiles } from './documents/index.ts';
import type { InvoiceDraft } from '../drafting.ts';
import { dueInvoices, dueRefunds } from './due.ts';
import type { Invoice } from '../invoice.ts';
import { heldBackInvoiceMail, invoiceMail } from './invoice-mail.ts';
import { settlementAtIssue } from './facts.ts';
import { invoiceNumber } from '../terms.ts';

/**
 * Issuing (issue 24, docs/decisions/0052-invoices.md). Each invoice is one transaction: it takes
 * the next number from the counter row (whose lock makes concurrent issuers wait), builds the
 * documents with that number, stores invoice, lines, documents and mail, and commits. When another
 * run has issued the same lines meanwhile, the UNIQUE indexes on invoice_lines refuse the insert,
 * the transaction rolls back with its number, and the draft is skipped: nothing is issued twice
 * and no number is lost.
 */

export interface IssueReport {
  /** Invoice numbers issued, in order. */
  issued: string[];
  /** Drafts another run issued first. */
  skipped: number;
  /** Drafts that could not be issued (logged; the next run tries again). */
  failed: number;
  /** Outbox ids of the invoice mails, to deliver after the commit. */
  mailIds: number[];
}

const UNIQUE_VIOLATION = '23505';

function isDuplicateLine(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === UNIQUE_VIOLATION && /invoice_lines_(billed|credited)_once/.test(String((error as Error).message));
}

async function nextNumber(tx: Transaction): Promise<string> {
  const { rows } = await tx.query<{ last_number: string | number }>('UPDATE invoice_counter SET last_number = last_number + 1 RETURNING last_number');
  return invoiceNumber(Number(rows[0]!.last_number));
}

async function store(tx: Transaction, draft: InvoiceDraft, invoice: Invoice): Promise<number> {
  const { rows } = await tx.query<{ id: string | number }>(
    `INSERT INTO invoices (invoice_number, kind, cancels_id, order_id, issued_on, due_on, service_start, service_end, customer_type,
                           price_basis, buyer, payment_method, mandate_reference, debit_on, format, net_cents, vat_cents, gross_cents, by_rate, tax_case)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15, $16, $17, $18, $19::jsonb, $20) RETURNING id`,
    [
      invoice.number,
      invoice.kind,
      draft.cancelsId,
      draft.orderId,
      invoice.issuedOn,
      invoice.dueOn,
      invoice.servicePeriod.start,
      invoice.servicePeriod.end,
      invoice.customerType,
      invoice.priceBasis,
      JSON.stringify(invoice.buyer),
      invoice.payment.method,
      invoice.payment.method === 'sepa' ? invoice.payment.mandateReference : null,
      invoice.payment.method === 'sepa' ? invoice.payment.debitOn : null,
      invoice.format,
      invoice.totals.netCents,
      invoice.totals.vatCents,
      invoice.totals.grossCents,
      JSON.stringify(invoice.totals.byRate),
      invoice.taxCase,
    ],
  );
  const id = Number(rows[0]!.id);
  const column = <T>(pick: (line: Invoice['lines'][number], index: number) => T) => invoice.lines.map(pick);
  await tx.query(
    `INSERT INTO invoice_lines (invoice_id, credit, order_id, position, order_position, contract_id, period_start, period_end, name, unit,
                                quantity, unit_cents, line_cents, line_gross_cents, vat_percent)
     SELECT $1, $2, $3, * FROM unnest($4::int[], $5::int[], $6::bigint[], $7::date[], $8::date[], $9::text[], $10::text[], $11::int[], $12::int[], $13::int[], $14::int[], $15::smallint[])`,
    [
      id,
      invoice.kind === 'cancellation',
      draft.orderId,
      column((line) => line.position),
      column((_, index) => draft.keys[index]!.orderPosition),
      column((_, index) => draft.keys[index]!.contractId),
      // A credit line names the period it refunds from, so it is credited once (invoice_lines_credited_once).
      column((_, index) => draft.keys[index]!.periodStart),
      column((line, index) => (draft.keys[index]!.periodStart === null ? null : line.period!.end)),
      column((line) => line.name),
      column((line) => line.unit),
      column((line) => line.quantity),
      column((line) => line.unitCents),
      column((line) => line.lineCents),
      column((line) => line.lineGrossCents),
      column((line) => line.vatPercent),
    ],
  );
  return id;
}

/**
 * The invoice's mail in the outbox. One a visitor's order caused counts against the daily cap of
 * the address they typed (decision 0063); beyond it the invoice, issued all the same, goes to the
 * company to be sent by hand.
 */
async function queueInvoiceMail(tx: Transaction, mail: OutgoingMail, visitorCaused: boolean): Promise<number> {
  if (!visitorCaused) return enqueueMail(tx, mail);
  return (await enqueueVisitorMail(tx, mail)) ?? enqueueMail(tx, heldBackInvoiceMail(mail));
}

/** Issues one draft; null when another run issued its lines first. */
async function issue(db: Db, draft: InvoiceDraft, origin: string, visitorCaused: boolean): Promise<{ number: string; mailId: number } | null> {
  try {
    return await db.transaction(async (tx) => {
      const number = await nextNumber(tx);
      const { cancels } = draft.invoice;
      const invoice: Invoice = {
        ...draft.invoice,
        number,
        // A cancellation invoice's payment text follows what was paid of the invoice it corrects (issue 34).
        cancels:
          cancels && draft.cancelsId !== null
            ? { ...cancels, settlement: await settlementAtIssue(tx, draft.cancelsId, { number, totalCents: draft.invoice.totals.grossCents, issuedOn: draft.invoice.issuedOn, dueOn: draft.invoice.dueOn }) }
            : cancels,
      };
      const files = await invoiceFiles(invoice);
      const id = await store(tx, draft, invoice);
      for (const file of files) {
        await tx.query('INSERT INTO invoice_documents (invoice_id, kind, file_name, content_type, content) VALUES ($1, $2, $3, $4, $5::bytea)', [
          id,
          file.kind,
          file.fileName,
          file.contentType,
          Buffer.from(file.content),
        ]);
      }
      const mailId = await queueInvoiceMail(tx, invoiceMail(invoice, files, origin), visitorCaused);
      return { number: invoice.number, mailId };
    });
  } catch (error) {
    if (isDuplicateLine(error)) return null;
    throw error;
  }
}

export interface IssueOptions {
  on: IsoDay;
  origin: string;
  /** Only this order's: its first invoice right after it was placed, or after an agent accepted it. */
  orderId?: number;
  /**
   * A visitor's order has just caused this invoice (its first, issued by POST /api/orders): its mail
   * counts against the daily cap of the address they typed (decision 0063). The daily run's and an
   * agent's acceptance's are not.
   */
  visitorCaused?: boolean;
}

/**
 * Issues everything due on `day`: first the cancellation invoices (a contract that ended is
 * refunded before anything new is billed), then the invoices.
 */
export async function issueDueInvoices(db: Db, options: IssueOptions): Promise<IssueReport> {
  const report: IssueReport = { issued: [], skipped: 0, failed: 0, mailIds: [] };
  const refunds = await dueRefunds(db, options.on, options.orderId ?? null);
  const invoices = await dueInvoices(db, options.on, options.orderId ?? null);
  for (const draft of [...refunds, ...invoices]) {
    // One invoice that cannot be made must not keep the others from being issued; it rolled back
    // with its number, stays due and is tried again by the next run.
    const issued = await issue(db, draft, options.origin, options.visitorCaused ?? false).catch((error: unknown) => {
      console.error(`[rechnungen] Bestellung ${draft.invoice.orderNumber}: ${draft.invoice.kind === 'invoice' ? 'Rechnung' : 'Stornorechnung'} nicht ausgestellt:`, error);
      report.failed += 1;
      return undefined;
    });
    if (issued === undefined) continue;
    if (!issued) {
      report.skipped += 1;
      continue;
    }
    report.issued.push(issued.number);
    report.mailIds.push(issued.mailId);
  }
  return report;
}
