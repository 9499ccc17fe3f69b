import type { AgentInvoice, DueDebits, InvoicePage, SepaExportSummary } from '../agent-types.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '../../../lib/http/csrf-names.ts';
import type { InvoiceStatusFilter } from '../schemas.ts';
import { apiFetch, ApiError, ensureVisitorCookies, readableCookie } from '../../../client/api.ts';
import type { InvoiceKind } from '../kinds.ts';

/** The agent dashboard's invoice and SEPA calls (issue 24). */

const invoicePath = (number: string) => `/api/agent/invoices/${encodeURIComponent(number)}`;

export function fetchInvoices(
  filter: { status: InvoiceStatusFilter; kind: InvoiceKind | ''; q: string; page: number },
  signal?: AbortSignal,
): Promise<InvoicePage> {
  const query = new URLSearchParams({ status: filter.status, kind: filter.kind, q: filter.q, page: String(filter.page) });
  return apiFetch(`/api/agent/invoices?${query}`, { signal });
}

/** Where the browser downloads an invoice's stored PDF or XML (a plain link: the session cookie is enough). */
export function invoiceDocumentUrl(number: string, kind: 'pdf' | 'xml'): string {
  return `${invoicePath(number)}/document?kind=${kind}`;
}

/** Where the browser downloads a SEPA file made earlier. */
export function sepaExportUrl(id: number): string {
  return `/api/agent/sepa-exports/${id}`;
}

export async function postPayment(number: string, receivedOn: string): Promise<AgentInvoice> {
  return (await apiFetch<{ invoice: AgentInvoice }>(`${invoicePath(number)}/payment`, { method: 'POST', json: { receivedOn } })).invoice;
}

export async function postReminder(number: string): Promise<AgentInvoice> {
  return (await apiFetch<{ invoice: AgentInvoice }>(`${invoicePath(number)}/reminder`, { method: 'POST' })).invoice;
}

export function fetchSepaDebits(signal?: AbortSignal): Promise<DueDebits> {
  return apiFetch('/api/agent/sepa-debits', { signal });
}

export async function fetchSepaExports(signal?: AbortSignal): Promise<SepaExportSummary[]> {
  return (await apiFetch<{ exports: SepaExportSummary[] }>('/api/agent/sepa-exports', { signal })).exports;
}

/**
 * Makes the next SEPA file. The answer is the file itself (not JSON, so not apiFetch): its name
 * comes from Content-Disposition, its id from SEPA-Export-Id.
 */
export async function postSepaExport(): Promise<{ id: number; fileName: string; file: Blob }> {
  await ensureVisitorCookies();
  const token = readableCookie(CSRF_COOKIE);
  const response = await fetch('/api/agent/sepa-exports', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/xml, application/json', ...(token ? { [CSRF_HEADER]: token } : {}) },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    throw new ApiError(response.status, typeof body.message === 'string' ? body.message : `HTTP error! status: ${response.status}`);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'pain.008.xml';
  return { id: Number(response.headers.get('sepa-export-id')), fileName, file: await response.blob() };
}
