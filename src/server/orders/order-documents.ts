import { normalisedOrderNumber } from '../../lib/orders/order-number.ts';
import type { Queryable } from '../db/index.ts';

/**
 * Documents kept with an order exactly as the customer received them (order_documents,
 * migration 0015): for now the contract confirmation PDF. Stored once, never regenerated – a
 * later change of the AGB or of a template must not change what was sent.
 */

export type OrderDocumentKind = 'contract-confirmation';

/** The contract confirmation PDF (src/server/documents/contract-confirmation.ts). */
export const CONTRACT_CONFIRMATION: OrderDocumentKind = 'contract-confirmation';

export const orderDocumentMessages = {
  // The same words whether the order does not exist, is someone else's or the visitor is not logged in.
  notFound:
    'Zu dieser Bestellnummer gibt es hier keine Vertragsbestätigung. Bitte melden Sie sich mit dem Kundenkonto an, mit dem Sie bestellt haben.',
} as const;

export interface OrderDocument {
  fileName: string;
  content: Uint8Array;
}

export interface StoredOrderDocument extends OrderDocument {
  content: Uint8Array<ArrayBuffer>;
}

/**
 * A document of an order that belongs to the given account, or undefined – whether the order
 * does not exist, belongs to someone else or has no such document (orders placed before the
 * documents existed) is not told apart, so nobody learns which order numbers exist.
 */
export async function accountOrderDocument(
  db: Queryable,
  query: { orderNumber: string; userId: string; kind: OrderDocumentKind },
): Promise<StoredOrderDocument | undefined> {
  // Only the exact spelling of a number names an order (the link is ours); anything else cannot.
  if (normalisedOrderNumber(query.orderNumber) !== query.orderNumber) return undefined;
  const { rows } = await db.query<{ file_name: string; content: Uint8Array }>(
    `SELECT d.file_name, d.content FROM order_documents d JOIN orders o ON o.id = d.order_id
     WHERE o.order_number = $1 AND o.user_id = $2 AND d.kind = $3`,
    [query.orderNumber, query.userId, query.kind],
  );
  const row = rows[0];
  // node-postgres and Neon answer a Buffer, PGlite a Uint8Array view: one plain copy for every driver.
  return row ? { fileName: row.file_name, content: new Uint8Array(row.content) } : undefined;
}
