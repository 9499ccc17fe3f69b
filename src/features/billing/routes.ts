import type { Json, Route } from '../../lib/http/route.ts';
import type { AgentInvoice, DueDebits, InvoicePage, SepaExportSummary } from './agent-types.ts';
import {
  InvoiceDocumentParamsSchema,
  InvoiceDocumentQuerySchema,
  InvoiceParamsSchema,
  InvoiceQuerySchema,
  PaymentBodySchema,
  SepaExportParamsSchema,
} from './schemas.ts';

/**
 * The agents' invoice list, payments, reminders and SEPA files (issue 24, decisions 0058–0060) in
 * the route table (issue 37, decision 0074): the functions' endpoint() takes each entry, the
 * browser calls api(entry, …), downloads with download(entry, …) and links with routeUrl(entry, …).
 * One module per feature, so that a page bundles only the entries of the features it uses, with
 * their schemas; tests/integration/http/route-table.test.ts reads every feature's routes.ts as the
 * table.
 */

export const agentInvoices = { method: 'GET', path: '/api/agent/invoices', query: InvoiceQuerySchema, answer: 'json' as Json<InvoicePage> } as const satisfies Route;
/** An invoice's stored PDF (the default) or XRechnung XML, exactly as it was sent. */
export const agentInvoiceDocument = {
  method: 'GET',
  path: '/api/agent/invoices/:number/document',
  params: InvoiceDocumentParamsSchema,
  query: InvoiceDocumentQuerySchema,
  answer: 'file',
} as const satisfies Route;
/** Records the day the money arrived (for a cancellation invoice: the refund went out). */
export const agentInvoicePayment = {
  method: 'POST',
  path: '/api/agent/invoices/:number/payment',
  params: InvoiceParamsSchema,
  body: PaymentBodySchema,
  answer: 'json' as Json<{ invoice: AgentInvoice }>,
} as const satisfies Route;
/** Mails the buyer the one payment reminder of an overdue invoice. */
export const agentInvoiceReminder = {
  method: 'POST',
  path: '/api/agent/invoices/:number/reminder',
  params: InvoiceParamsSchema,
  answer: 'json' as Json<{ invoice: AgentInvoice }>,
} as const satisfies Route;
/** The direct debits the next SEPA file would hold. */
export const agentSepaDebits = { method: 'GET', path: '/api/agent/sepa-debits', answer: 'json' as Json<DueDebits> } as const satisfies Route;
export const agentSepaExports = {
  method: 'GET',
  path: '/api/agent/sepa-exports',
  answer: 'json' as Json<{ exports: SepaExportSummary[] }>,
} as const satisfies Route;
/** Makes the next pain.008 file of every due debit; the answer is the file, its header SEPA-Export-Id names it. */
export const agentSepaExportCreate = { method: 'POST', path: '/api/agent/sepa-exports', answer: 'file' } as const satisfies Route;
/** A SEPA file made earlier, byte for byte as first downloaded. */
export const agentSepaExport = { method: 'GET', path: '/api/agent/sepa-exports/:id', params: SepaExportParamsSchema, answer: 'file' } as const satisfies Route;
