import { createHash } from 'node:crypto';
import type { Catalogue } from '../../lib/catalogue.ts';
import { paymentProblems, priceCart, type OrderTotals } from '../../lib/order.ts';
import type { OrderRequest } from '../../lib/schemas/order.ts';
import type { Db, Transaction } from '../db/index.ts';
import { HttpError, httpMessages } from '../http/errors.ts';
import { enqueueMail } from '../mail/index.ts';
import { orderConfirmation, orderNotification, type StoredOrder } from './confirmation-mail.ts';

export const idempotencyMessages = {
  keyReused:
    'Dieser Bestellvorgang wurde bereits mit anderen Angaben abgeschlossen. Bitte prüfen Sie Ihr E-Mail-Postfach auf die Bestellbestätigung und laden Sie die Seite neu, bevor Sie erneut bestellen.',
} as const;

export interface PlaceOrderInput {
  request: OrderRequest;
  /** Whose Idempotency-Key this is (the visitor id): keys of different visitors never collide. */
  keyScope: string;
  idempotencyKey: string;
  userId: string | null;
  /** Origin of the site for the links in the mails. */
  origin: string;
  now?: Date;
}

export interface PlacedOrder {
  /** False when the key was used before and this is that earlier order. */
  created: boolean;
  orderNumber: string;
  totalCents: number;
  /** Outbox ids to deliver after the commit. */
  mailIds: number[];
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Prices the order from the server's catalogue, checks the rules the schema cannot see (unknown
 * ids, the domain rule, the SEPA minimum), and stores order, lines and both mails in one
 * transaction. The Idempotency-Key's UNIQUE constraint decides which of several concurrent
 * submits inserts; the others wait for it (ON CONFLICT) and answer with the same order.
 */
export async function placeOrder(db: Db, catalogue: Catalogue, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { request } = input;
  const priced = priceCart(catalogue, request.items);
  const problems = { ...priced.problems, ...paymentProblems(request.paymentMethod, priced.totals) };
  if (Object.keys(problems).length > 0) throw new HttpError(400, httpMessages.invalidInput, problems);

  const keyHash = sha256(`${input.keyScope}\u0000${input.idempotencyKey}`);
  const requestHash = sha256(JSON.stringify(request));
  const now = input.now ?? new Date();

  return db.transaction(async (tx) => {
    const inserted = await insertOrder(tx, input, priced.totals, keyHash, requestHash, now);
    if (!inserted) return earlierOrder(tx, keyHash, requestHash);

    for (const [index, line] of priced.lines.entries()) {
      const entry = line.entry!;
      await tx.query(
        `INSERT INTO order_lines (order_id, position, product_id, name, unit, term, minimum_term, unit_cents, quantity, line_cents)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [inserted.id, index + 1, line.id, entry.name, entry.unit, entry.term, entry.minimumTerm, line.unitCents, line.quantity, line.lineCents],
      );
    }
    const order: StoredOrder = { orderNumber: inserted.orderNumber, createdAt: now, request, lines: priced.lines, totals: priced.totals };
    const mailIds = [await enqueueMail(tx, orderConfirmation(order, input.origin)), await enqueueMail(tx, orderNotification(order, input.origin))];
    return { created: true, orderNumber: inserted.orderNumber, totalCents: priced.totals.totalCents, mailIds };
  });
}

async function insertOrder(
  tx: Transaction,
  input: PlaceOrderInput,
  totals: OrderTotals,
  keyHash: string,
  requestHash: string,
  now: Date,
): Promise<{ id: number; orderNumber: string } | undefined> {
  const { request } = input;
  const { customer } = request;
  const consumer = customer.type === 'consumer';
  const sepa = request.paymentMethod === 'sepa';
  const { rows } = await tx.query<{ id: number; order_number: string }>(
    `INSERT INTO orders (
       idempotency_key_hash, request_hash, user_id, customer_type, company, vat_id, name, street, postal_code, city, country,
       email, payment_method, payment_status, iban, total_cents, net_cents, vat_cents, agb_accepted_at,
       early_start_requested_at, withdrawal_waiver_at, sepa_mandate_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $19)
     ON CONFLICT (idempotency_key_hash) DO NOTHING
     RETURNING id, order_number`,
    [
      keyHash,
      requestHash,
      input.userId,
      customer.type,
      customer.type === 'business' ? customer.company : null,
      customer.type === 'business' && customer.vatId ? customer.vatId : null,
      customer.name,
      customer.street,
      customer.postalCode,
      customer.city,
      customer.country,
      customer.email,
      request.paymentMethod,
      // PayPal is paid by the customer after the order: nothing has been received yet.
      request.paymentMethod === 'paypal' ? 'awaiting_payment' : 'open',
      sepa ? request.iban : null,
      totals.totalCents,
      totals.netCents,
      totals.vatCents,
      now,
      consumer ? now : null,
      consumer ? now : null,
      sepa ? now : null,
    ],
  );
  const row = rows[0];
  return row ? { id: row.id, orderNumber: row.order_number } : undefined;
}

async function earlierOrder(tx: Transaction, keyHash: string, requestHash: string): Promise<PlacedOrder> {
  const { rows } = await tx.query<{ order_number: string; total_cents: number; request_hash: string }>(
    'SELECT order_number, total_cents, request_hash FROM orders WHERE idempotency_key_hash = $1',
    [keyHash],
  );
  const row = rows[0]!;
  if (row.request_hash !== requestHash) throw new HttpError(422, idempotencyMessages.keyReused);
  return { created: false, orderNumber: row.order_number, totalCents: row.total_cents, mailIds: [] };
}
