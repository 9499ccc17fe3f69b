import { test, type APIRequestContext } from '@playwright/test';
import { searchNonce, type HashcashTask } from '../../../src/lib/hashcash/index.ts';

/** How long a checkout or a registration may take to finish its proof of work before it is sent (the server's tasks in the browser's workers; 8 on the e2e server, playwright.config.ts). */
export const PROOF_OF_WORK_TIMEOUT = 20_000;

/**
 * The proof of work POST /api/orders and POST /api/auth/register ask for (decisions 0040, 0063),
 * for a test that orders or registers through the API: fresh tasks from the server, solved here as
 * the checkout solves them.
 */
export async function solvedTasks(request: APIRequestContext): Promise<{ text: string; difficulty: number; nonce: number }[]> {
  // The server's whole work, solved in this process: a second, more on a busy machine.
  test.slow();
  const { tasks } = (await (await request.get('/security/hashcash/task')).json()) as { tasks: HashcashTask[] };
  return tasks.map((task) => ({ ...task, nonce: searchNonce(task)! }));
}
