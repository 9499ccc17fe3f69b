import type { APIRequestContext } from '@playwright/test';
import { searchNonce, type HashcashTask } from '../../../src/lib/hashcash/index.ts';

/**
 * The proof of work POST /api/orders asks for (docs/decisions/0040), for a test that orders
 * through the API: fresh tasks from the server, solved here as the checkout solves them.
 */
export async function solvedTasks(request: APIRequestContext): Promise<{ text: string; difficulty: number; nonce: number }[]> {
  const { tasks } = (await (await request.get('/security/hashcash/task')).json()) as { tasks: HashcashTask[] };
  return tasks.map((task) => ({ ...task, nonce: searchNonce(task)! }));
}
