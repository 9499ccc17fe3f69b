import { authGoogle, authGoogleCallback } from '../../src/features/accounts/routes.ts';
import { routeUrl } from '../../src/lib/http/route.ts';
import { GoogleSignInError, googleFailureResponse } from '../../src/server/auth/google-failure.ts';
import { flowCookie, newFlow, safeReturnTo } from '../../src/server/auth/google-flow.ts';
import { authorizationUrl, discoverProvider } from '../../src/server/auth/oidc.ts';
import { env } from '../../src/server/env.ts';
import { publicOrigin } from '../../src/server/http/public-origin.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';

/**
 * GET /api/auth/google?returnTo=/pfad: starts a Google sign-in (authorization code with PKCE,
 * state and nonce) and sends the browser to Google. The login dialog links here.
 */
export default endpoint([
  on(authGoogle, async (ctx) => {
    try {
      const { google, appSecret } = env();
      if (!google) throw new GoogleSignInError('notConfigured');
      const provider = await discoverProvider(google.issuer);
      const flow = newFlow(safeReturnTo(ctx.query.returnTo ?? null));
      ctx.setCookie(flowCookie(appSecret, flow, ctx.secure));
      // Behind Netlify the request URL is the public one, so this is the address registered at Google.
      const redirectUri = new URL(routeUrl(authGoogleCallback), publicOrigin()).href;
      const target = authorizationUrl(provider, google, { redirectUri, ...flow });
      return new Response(null, { status: 302, headers: { Location: target.href } });
    } catch (error) {
      return googleFailureResponse(error);
    }
  }),
]);

export const config = { path: '/api/auth/google' };
