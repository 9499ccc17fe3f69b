import { IDENTITY_PATH } from '../../src/server/forms/cancellation.ts';
import { cancellationLink } from '../../src/features/legal-forms/routes.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';

/**
 * GET /vertraege-kuendigen/bestaetigen/{token}, the link in the receipt mail: hands the token to
 * the static confirmation page in the fragment, which never reaches a server log or a Referer.
 * Opening the link changes nothing; the page asks the person to confirm.
 */
export default endpoint([
  on(cancellationLink, (ctx) =>
    new Response(null, {
      status: 303,
      headers: { Location: `${IDENTITY_PATH}#${encodeURIComponent(ctx.params.token)}`, 'Cache-Control': 'no-store' },
    }),
  ),
]);

// A literal: Netlify reads config.path without running the module.
export const config = { path: '/vertraege-kuendigen/bestaetigen/:token' };
