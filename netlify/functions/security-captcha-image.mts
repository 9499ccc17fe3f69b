import { getDb } from '../../src/server/db/index.ts';
import { captchaImage } from '../../src/features/security/routes.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { issueBrowserCaptcha } from '../../src/server/security/captcha-cookie.ts';
import { renderCaptchaPng } from '../../src/server/security/captcha-image.ts';

/**
 * A new captcha picture as image/png, for a plain <img src> that works without JavaScript
 * (decision 0033): every load issues a new captcha, replaces the browser's earlier one and sets
 * the HttpOnly captcha cookie. Never cached, so 'Neues Bild' and a reload show a new one.
 */
export default endpoint([
  on(captchaImage, async (ctx) => {
    const answer = await issueBrowserCaptcha(await getDb(), ctx, 'image', undefined, [ctx.rateLimitHit('captcha-new')]);
    return new Response(new Uint8Array(renderCaptchaPng(answer)), { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' } });
  }),
]);

export const config = { path: '/security/captcha/image.png' };
