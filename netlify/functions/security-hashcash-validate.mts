import { hashcashValidate } from '../../src/features/security/routes.ts';
import { env } from '../../src/server/env.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { checkSolutions } from '../../src/server/security/hashcash.ts';

/**
 * Checks solutions without using them up: `{ valid, results }` with one boolean per solution.
 * Valid means every solution is right and there are as many distinct tasks as a form needs.
 */
export default endpoint(
  [
    on(hashcashValidate, async (ctx) => {
      await ctx.rateLimit('hashcash-check');
      const { solutions } = await ctx.body();
      const { appSecret, hashcash } = env();
      return json(checkSolutions(appSecret, solutions, hashcash.tasks));
    }),
  ],
  { maxBodyBytes: 64 * 1024 },
);

export const config = { path: '/security/hashcash/validate' };
