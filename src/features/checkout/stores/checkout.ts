import { api, ApiError } from '../../../client/api.ts';
import { sendWithProofOfWork } from '../../../client/resend-on-refusal.ts';
import type { HashcashSolution } from '../../../lib/hashcash/index.ts';
import type { orderRequest } from '../order-form.ts';
import { acceptedInput } from '../../../lib/schemas/issues.ts';
import { OrderRequestSchema } from '../../../lib/schemas/order.ts';
import { clearCart } from '../../../stores/cart.ts';
import { placeOrder as placeOrderRoute, type PlacedOrderAnswer } from '../routes.ts';

/**
 * The key of this checkout's order (the Idempotency-Key): the same for every retry, so an order
 * whose answer got lost on the way cannot be placed twice; a new one once the order is placed, or
 * once the server refused the key for good because it came with other data (422).
 */
let attemptKey: string | null = null;

/**
 * Places the order of the checkout's request: with the proof of work at hand, once more with
 * fresh solutions when the server refused them; the cart empties once the order stands. A refusal
 * is thrown as the ApiError with the server's German message and field errors, for the form to show.
 */
export async function placeOrder(
  request: ReturnType<typeof orderRequest>,
  solutions: HashcashSolution[],
  freshSolutions: () => Promise<HashcashSolution[] | null>,
): Promise<PlacedOrderAnswer> {
  attemptKey ??= crypto.randomUUID();
  const key = attemptKey;
  // The form's schema checked this request with the order schema already; checked again with the
  // proof of work, it is typed as the route takes it.
  const send = (hashcash_solutions: HashcashSolution[]) =>
    api(placeOrderRoute, { body: acceptedInput(OrderRequestSchema, { ...request, hashcash_solutions }), headers: { 'idempotency-key': key } });
  try {
    const placed = await sendWithProofOfWork(send, solutions, freshSolutions);
    attemptKey = null;
    clearCart();
    return placed;
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) attemptKey = null;
    throw error;
  }
}
