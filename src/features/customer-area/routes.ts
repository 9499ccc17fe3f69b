import * as v from 'valibot';
import type { AccountOverview } from '../../lib/contracts/overview.ts';
import type { Json, Route } from '../../lib/http/route.ts';

/**
 * The customer area's endpoints (decisions 0028 and 0030, issue 24) in the route table (issue 37,
 * decision 0074): the functions' endpoint() takes each entry, the browser calls api(entry, …) and
 * links with routeUrl(entry, …). One module per feature, so that a page bundles only the entries
 * of the features it uses, with their schemas; tests/integration/http/route-table.test.ts reads
 * every feature's routes.ts as the table.
 */

export const accountOverview = { method: 'GET', path: '/api/account/overview', answer: 'json' as Json<AccountOverview> } as const satisfies Route;
/** The contract confirmation PDF stored with an order. */
export const accountOrderConfirmation = { method: 'GET', path: '/api/account/orders/:orderNumber/confirmation', answer: 'file' } as const satisfies Route;
/** A stored file of an invoice: `kind` pdf (the default) or xml; any other kind is not found. */
export const accountInvoiceDocument = {
  method: 'GET',
  path: '/api/account/invoices/:invoiceNumber/document',
  query: v.object({ kind: v.optional(v.string()) }),
  answer: 'file',
} as const satisfies Route;
