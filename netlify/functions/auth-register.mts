import { RegisterSchema } from '../../src/lib/schemas/auth.ts';
import { registerUser } from '../../src/server/auth/accounts.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/** POST /api/auth/register: a new customer account (201); the visitor logs in afterwards (SPEC §4). */
export default endpoint({
  POST: async (ctx) => {
    await ctx.rateLimit({ name: 'register', limit: 10, windowSeconds: 3600 });
    const input = await ctx.body(RegisterSchema);
    const userId = await registerUser(await getDb(), input);
    return json({ userId }, { status: 201 });
  },
});

export const config = { path: '/api/auth/register' };
