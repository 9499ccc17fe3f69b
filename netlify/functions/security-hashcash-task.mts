import { env } from '../../src/server/env.ts';
import { hashcashTasks } from '../../src/features/security/routes.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { issueTasks } from '../../src/server/security/hashcash.ts';

/** Fresh signed proof-of-work tasks: `{ tasks: [{ text, difficulty }] }`. */
export default endpoint([
  on(hashcashTasks, async (ctx) => {
    await ctx.rateLimit('hashcash-task');
    const { appSecret, hashcash } = env();
    return json({ tasks: issueTasks(appSecret, hashcash.tasks, hashcash.difficulty) });
  }),
]);

export const config = { path: '/security/hashcash/task' };
