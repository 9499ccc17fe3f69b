import { digitsAsWords } from '../../src/lib/security/captcha.ts';
import { getDb } from '../../src/server/db/index.ts';
import { env } from '../../src/server/env.ts';
import { requireVisitor } from '../../src/server/http/csrf.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { issueCaptcha } from '../../src/server/security/captcha.ts';
import { captchaCookie } from '../../src/server/security/captcha-cookie.ts';

/**
 * The accessible alternative to the picture (WCAG 1.1.1): a new captcha whose six digits are
 * written as German words, `{ question }`. It replaces the visitor's picture captcha.
 */
export default endpoint({
  GET: async (ctx) => {
    await ctx.rateLimit({ name: 'captcha-new', limit: 30, windowSeconds: 60 });
    const { id, answer } = await issueCaptcha(await getDb(), env().appSecret, requireVisitor(ctx.cookies), 'text');
    ctx.setCookie(captchaCookie(id, ctx.secure));
    return json({ question: `Bitte geben Sie diese Ziffern als Zahl ein: ${digitsAsWords(answer)}.` });
  },
});

export const config = { path: '/security/captcha/text' };
