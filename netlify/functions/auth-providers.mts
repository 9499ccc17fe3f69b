import { env } from '../../src/server/env.ts';
import { authProviders } from '../../src/features/accounts/routes.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';

/** GET /api/auth/providers: which external sign-ins the login dialog offers (docs/decisions/0012). */
export default endpoint([on(authProviders, () => json({ google: env().google !== undefined }))]);

export const config = { path: '/api/auth/providers' };
