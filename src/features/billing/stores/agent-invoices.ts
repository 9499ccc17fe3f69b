import { map } from 'nanostores';
import * as invoicesApi from '../client/agent-invoices.ts';
import type { AgentInvoice, DueDebits, InvoicePage, SepaExportSummary } from '../agent-types.ts';
import type { InvoiceStatusFilter } from '../schemas.ts';
import { polledList, type PolledList } from '../../../stores/agent-polled-list.ts';
import type { InvoiceKind } from '../kinds.ts';

/** The dashboard's invoices and SEPA direct debits (issue 24). */

export interface InvoiceFilter {
  status: InvoiceStatusFilter;
  kind: InvoiceKind | '';
  q: string;
  page: number;
}

/** Invoices change with the billing run, a payment or a reminder: a slow refresh is enough. */
const INVOICES_POLL_MS = 60_000;

export const $agentInvoices = map<PolledList<InvoiceFilter, InvoicePage>>({ filter: { status: 'all', kind: '', q: '', page: 1 }, page: null, error: null });
const invoices = polledList($agentInvoices, INVOICES_POLL_MS, invoicesApi.fetchInvoices);
export const showInvoices = invoices.show;
export const filterInvoices = invoices.filter;

/** Every invoice of an order, whatever its state (the inbox's order shows them here, where payments are recorded). */
export function showOrderInvoices(orderNumber: string): void {
  invoices.filter({ status: 'all', kind: '', q: orderNumber, page: 1 });
}

/** An invoice changed by the agent: shown changed at once, and the list asked again (it may leave the filter). */
function invoiceChanged(invoice: AgentInvoice): void {
  const { page, filter } = $agentInvoices.get();
  if (page) $agentInvoices.setKey('page', { ...page, invoices: page.invoices.map((i) => (i.number === invoice.number ? invoice : i)) });
  invoices.filter(filter);
}

/** Records the payment of an invoice received on `receivedOn` ('YYYY-MM-DD'); resolves to the changed invoice. */
export async function markInvoicePaid(number: string, receivedOn: string): Promise<AgentInvoice> {
  const changed = await invoicesApi.postPayment(number, receivedOn);
  invoiceChanged(changed);
  sepa.filter({});
  return changed;
}

/** Mails the buyer a payment reminder; resolves to the invoice with its reminder counted. */
export async function sendInvoiceReminder(number: string): Promise<AgentInvoice> {
  const changed = await invoicesApi.postReminder(number);
  invoiceChanged(changed);
  return changed;
}

export interface SepaOverview {
  due: DueDebits;
  exports: SepaExportSummary[];
}

/** The next file's debits and the files made so far, asked together. */
export const $agentSepa = map<PolledList<Record<string, never>, SepaOverview>>({ filter: {}, page: null, error: null });
const sepa = polledList($agentSepa, INVOICES_POLL_MS, async (_filter, signal) => {
  const [due, exports] = await Promise.all([invoicesApi.fetchSepaDebits(signal), invoicesApi.fetchSepaExports(signal)]);
  return { due, exports };
});
export const showSepa = sepa.show;

/**
 * Makes the pain.008 file of every due debit; resolves to the file for the browser to save. The
 * overview and the invoices (now marked as exported) are asked again.
 */
export async function downloadSepaFile(): Promise<{ fileName: string; file: Blob }> {
  const made = await invoicesApi.postSepaExport();
  sepa.filter({});
  invoices.filter($agentInvoices.get().filter);
  return made;
}

export { invoiceDocumentUrl, sepaExportUrl } from '../client/agent-invoices.ts';
