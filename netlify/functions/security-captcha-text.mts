import { captchaQuestion } from '../../src/lib/security/captcha.ts';
import { captchaText, captchaTextEarned } from '../../src/features/security/routes.ts';
import { getDb } from '../../src/server/db/index.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { issueBrowserCaptcha } from '../../src/server/security/captcha-cookie.ts';
import { spendProofOfWork } from '../../src/server/security/check.ts';

/**
 * The accessible alternative to the picture (WCAG 1.1.1): a new captcha whose six digits are
 * written as German words, `{ question }`. It replaces the browser's picture captcha.
 *
 * A script reads the words as easily as a screen reader, so the words must cost what the picture
 * costs (docs/decisions/0040): POST `{ solutions }`, a full set of freshly solved proof-of-work
 * tasks spent here on top of the form's own, gives a text captcha every form accepts. GET gives
 * one only the declarations accept (decision 0033: they work without JavaScript and proof of
 * work); without JavaScript they ask for it by a form post (src/server/forms/declaration-post.ts).
 */
export default endpoint(
  [
    on(captchaText, async (ctx) => {
      await ctx.rateLimit('captcha-new');
      return json({ question: captchaQuestion(await issueBrowserCaptcha(await getDb(), ctx, 'text', 'declarations')) });
    }),
    on(captchaTextEarned, async (ctx) => {
      await ctx.rateLimit('captcha-new');
      const { solutions } = await ctx.body();
      const db = await getDb();
      await db.transaction((tx) => spendProofOfWork(tx, solutions));
      return json({ question: captchaQuestion(await issueBrowserCaptcha(db, ctx, 'text', 'any')) });
    }),
  ],
  { maxBodyBytes: 64 * 1024 },
);

export const config = { path: '/security/captcha/text' };
