import * as v from 'valibot';
import type { IsoDay } from '../../lib/contracts/ends.ts';
import type { Json, Route } from '../../lib/http/route.ts';
import type { OrderStatus } from '../../lib/orders/status.ts';
import type { Schedule } from '../../lib/prices/amounts.ts';
import { IdempotencyKeySchema, OrderRequestSchema, orderFieldMessages } from '../../lib/schemas/order.ts';

/** The checkout's endpoint (SPEC §4, decisions 0025, 0034, 0044, 0053) in the route table (issue 37, decision 0074). */

/** What the checkout learns of a placed order, as the server stored it. */
export interface PlacedOrderAnswer {
  orderId: string;
  /** 'accepted' at once or 'received' for review; a repeated key answers where the order stands now. */
  status: OrderStatus;
  /** What is due now and what recurs, by billing rhythm. */
  schedule: Schedule;
  /** The first day of the services; null until accepted. */
  servicesStartOn: IsoDay | null;
  /** The last day of our decision on an order we review; null for one accepted at once. */
  acceptanceDeadline: IsoDay | null;
  /** False when the daily cap per recipient held the confirmation mail back (decision 0042). */
  confirmationMailed: boolean;
}

/**
 * Places an order. The Idempotency-Key stays the same for every retry of one checkout: a repeated
 * key answers 200 with the same order instead of ordering twice (201 for a new one).
 */
export const placeOrder = {
  method: 'POST',
  path: '/api/orders',
  headers: v.object({ 'idempotency-key': IdempotencyKeySchema }, orderFieldMessages.idempotencyKey),
  body: OrderRequestSchema,
  answer: 'json' as Json<PlacedOrderAnswer>,
} as const satisfies Route;
