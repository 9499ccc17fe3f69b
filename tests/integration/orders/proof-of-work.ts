import { agb } from '../../../src/data/agb.ts';
import { searchNonce, type HashcashSolution } from '../../../src/lib/hashcash/index.ts';
import { env } from '../../../src/server/env.ts';
import { issueTasks } from '../../../src/server/security/hashcash.ts';

// Small proofs of work unless a test file asks for others: these tests are about orders.
process.env.HASHCASH_TASKS ??= '2';
process.env.HASHCASH_DIFFICULTY ??= '2';

/** A fresh set of solved tasks, as the checkout solves it in the browser (docs/decisions/0040). */
export function solvedTasks(): HashcashSolution[] {
  const { appSecret, hashcash } = env();
  return issueTasks(appSecret, hashcash.tasks, hashcash.difficulty).map((task) => ({ ...task, nonce: searchNonce(task)! }));
}

/** An order body with the proof of work POST /api/orders asks for. */
export function withProofOfWork<T extends object>(body: T): T & { hashcash_solutions: HashcashSolution[] } {
  return { ...body, hashcash_solutions: solvedTasks() };
}

/** A consumer's order of one rented web application, paid by invoice, with its proof of work. */
export function consumerOrderOfOneApp(email: string) {
  return withProofOfWork({
    items: [{ id: 'webapp-basis-6m', quantity: 1 }],
    customer: { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email },
    paymentMethod: 'invoice',
    consents: { agb: true, agbVersion: agb.version, earlyStart: true, waiverAcknowledged: true },
  });
}
