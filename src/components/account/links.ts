import type { InvoiceDocumentKind } from '../../features/billing/overview.ts';
import { routeUrl } from '../../lib/http/route.ts';
import { accountInvoiceDocument, accountOrderConfirmation } from '../../features/customer-area/routes.ts';

/** Where the customer area links to; the cancel page reads the contract number back from `vertrag`. */

export const CONTRACT_PARAM = 'vertrag';

export const cancelContractHref = (contractNumber: string) => `/kundenbereich/kuendigen?${CONTRACT_PARAM}=${encodeURIComponent(contractNumber)}`;

/** The stored contract confirmation PDF (docs/decisions/0028). */
export const confirmationHref = (orderNumber: string) => routeUrl(accountOrderConfirmation, { params: { orderNumber } });

export const CUSTOMER_AREA = '/kundenbereich';

/** A stored file of an invoice (issue 24): its PDF, or the XML of an XRechnung. */
export const invoiceDocumentHref = (invoiceNumber: string, kind: InvoiceDocumentKind) =>
  routeUrl(accountInvoiceDocument, { params: { invoiceNumber }, query: { kind } });
