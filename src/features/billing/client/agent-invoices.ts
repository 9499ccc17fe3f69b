import { api, download } from '../../../client/api.ts';
import { routeUrl } from '../../../lib/http/route.ts';
import type { AgentInvoice, DueDebits, InvoicePage, SepaExportSummary } from '../agent-types.ts';
import type { InvoiceKind } from '../kinds.ts';
import {
  agentInvoiceDocument,
  agentInvoicePayment,
  agentInvoiceReminder,
  agentInvoices,
  agentSepaDebits,
  agentSepaExport,
  agentSepaExportCreate,
  agentSepaExports,
} from '../routes.ts';
import type { InvoiceStatusFilter } from '../schemas.ts';

/** The agent dashboard's invoice and SEPA calls (issue 24). */

export function fetchInvoices(
  filter: { status: InvoiceStatusFilter; kind: InvoiceKind | ''; q: string; page: number },
  signal?: AbortSignal,
): Promise<InvoicePage> {
  return api(agentInvoices, { query: { ...filter, page: String(filter.page) }, signal });
}

/** Where the browser downloads an invoice's stored PDF or XML (a plain link: the session cookie is enough). */
export function invoiceDocumentUrl(number: string, kind: 'pdf' | 'xml'): string {
  return routeUrl(agentInvoiceDocument, { params: { number }, query: { kind } });
}

/** Where the browser downloads a SEPA file made earlier. */
export function sepaExportUrl(id: number): string {
  return routeUrl(agentSepaExport, { params: { id: String(id) } });
}

export async function postPayment(number: string, receivedOn: string): Promise<AgentInvoice> {
  return (await api(agentInvoicePayment, { params: { number }, body: { receivedOn } })).invoice;
}

export async function postReminder(number: string): Promise<AgentInvoice> {
  return (await api(agentInvoiceReminder, { params: { number } })).invoice;
}

export function fetchSepaDebits(signal?: AbortSignal): Promise<DueDebits> {
  return api(agentSepaDebits, { signal });
}

export async function fetchSepaExports(signal?: AbortSignal): Promise<SepaExportSummary[]> {
  return (await api(agentSepaExports, { signal })).exports;
}

/** Makes the next SEPA file: the answer is the file itself, its id in the header SEPA-Export-Id. */
export async function postSepaExport(): Promise<{ id: number; fileName: string; file: Blob }> {
  const { file, fileName, headers } = await download(agentSepaExportCreate, 'pain.008.xml');
  return { id: Number(headers.get('sepa-export-id')), fileName, file };
}
