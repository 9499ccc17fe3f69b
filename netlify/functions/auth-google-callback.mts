import { accountForGoogle, googleIdentity } from '../../src/server/auth/google-accounts.ts';
import { GoogleSignInError, googleFailureResponse } from '../../src/server/auth/google-failure.ts';
import { clearFlowCookie, GOOGLE_FLOW_COOKIE, readFlow, spendFlow, stateMatches } from '../../src/server/auth/google-flow.ts';
import { exchangeCode, discoverProvider, verifyIdToken } from '../../src/server/auth/oidc.ts';
import { createSession, revokeSession, SESSION_COOKIE } from '../../src/server/auth/session.ts';
import { getDb } from '../../src/server/db/index.ts';
import { env } from '../../src/server/env.ts';
import { publicOrigin } from '../../src/server/http/public-origin.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { authGoogleCallback } from '../../src/features/accounts/routes.ts';
import { routeUrl } from '../../src/lib/http/route.ts';

/**
 * GET /auth/google/callback: Google sends the browser back here with code and state. The
 * flow cookie must match and is spent once; the ID token must be signed by Google for our
 * client, carry this flow's nonce and a verified e-mail address. Then the visitor gets a new
 * session and returns to where the sign-in started; any failure is a German error page.
 */
export default endpoint([
  on(authGoogleCallback, async (ctx) => {
    // Whatever happens, this attempt is over: the cookie never outlives its callback.
    ctx.setCookie(clearFlowCookie(ctx.secure));
    try {
      const { google, appSecret } = env();
      if (!google) throw new GoogleSignInError('notConfigured');
      await ctx.rateLimit('google-callback');
      const { error, code, state } = ctx.query;
      if (error === 'access_denied') throw new GoogleSignInError('cancelled');
      const flow = readFlow(appSecret, ctx.cookies.get(GOOGLE_FLOW_COOKIE));
      if (!flow) throw new GoogleSignInError('expired');
      if (!stateMatches(flow, state) || !code) throw new GoogleSignInError('invalid');
      const db = await getDb();
      if (!(await spendFlow(db, flow))) throw new GoogleSignInError('expired');

      const provider = await discoverProvider(google.issuer);
      const redirectUri = new URL(routeUrl(authGoogleCallback), publicOrigin()).href;
      const idToken = await exchangeCode(provider, google, { code, redirectUri, codeVerifier: flow.codeVerifier });
      const identity = googleIdentity(await verifyIdToken(provider, google, idToken, flow.nonce));
      const userId = await accountForGoogle(db, identity);

      // Like the password login: a session the visitor brought along is never promoted.
      await revokeSession(db, ctx.cookies.get(SESSION_COOKIE));
      for (const cookie of await createSession(db, userId, false, ctx.secure)) ctx.setCookie(cookie);
      return new Response(null, { status: 302, headers: { Location: flow.returnTo } });
    } catch (failure) {
      return googleFailureResponse(failure);
    }
  }),
]);

export const config = { path: '/auth/google/callback' };
