import { authRegister } from '../../src/features/accounts/routes.ts';
import { authMessages } from '../../src/lib/schemas/auth.ts';
import { registerCustomer } from '../../src/server/auth/registration.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { publicOrigin } from '../../src/server/http/public-origin.ts';
import { json } from '../../src/server/http/respond.ts';
import { deliverMail } from '../../src/server/mail/index.ts';

/**
 * POST /api/auth/register: 201 with the same body for a new address (account and confirmation
 * link) and for one that has an account already (a notice to its owner, nothing created), so the
 * answer never reveals who has an account (issue 19), also when the daily cap of the address held
 * the mail back (decision 0063). The request carries the site's proof of work; without it a 400
 * says so. The visitor logs in afterwards (SPEC §4).
 */
export default endpoint([
  on(authRegister, async (ctx) => {
    await ctx.rateLimit('register');
    const input = await ctx.body();
    const db = await getDb();
    const mailIds = await registerCustomer(db, input, publicOrigin());
    // A failed delivery stays in the outbox for a retry: it must not change the answer either.
    await deliverMail(db, mailIds);
    return json({ message: authMessages.registrationReceived }, { status: 201 });
  }),
]);

export const config = { path: '/api/auth/register' };
