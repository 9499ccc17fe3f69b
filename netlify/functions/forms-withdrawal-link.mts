import { WITHDRAWAL_IDENTITY_PATH } from '../../src/server/forms/withdrawal.ts';
import { withdrawalLink } from '../../src/features/legal-forms/routes.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';

/**
 * GET /online-widerrufsformular/bestaetigen/{token}, the link in the withdrawal receipt: hands the
 * token to the static confirmation page in the fragment, which never reaches a server log or a
 * Referer. Opening the link changes nothing; the page asks the person to confirm (decision 0054),
 * like the cancellation's link (forms-cancellation-link.mts).
 */
export default endpoint([
  on(withdrawalLink, (ctx) =>
    new Response(null, {
      status: 303,
      headers: { Location: `${WITHDRAWAL_IDENTITY_PATH}#${encodeURIComponent(ctx.params.token)}`, 'Cache-Control': 'no-store' },
    }),
  ),
]);

// A literal: Netlify reads config.path without running the module.
export const config = { path: '/online-widerrufsformular/bestaetigen/:token' };
