import { captchaQuestion } from '../../src/lib/security/captcha.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { issueBrowserCaptcha } from '../../src/server/security/captcha-cookie.ts';

/**
 * The accessible alternative to the picture (WCAG 1.1.1): a new captcha whose six digits are
 * written as German words, `{ question }`. It replaces the browser's picture captcha. Without
 * JavaScript the form asks for it by a form post instead (src/server/forms/declaration-post.ts).
 */
export default endpoint({
  GET: async (ctx) => {
    await ctx.rateLimit('captcha-new');
    return json({ question: captchaQuestion(await issueBrowserCaptcha(await getDb(), ctx, 'text')) });
  },
});

export const config = { path: '/security/captcha/text' };
