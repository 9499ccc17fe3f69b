import { captchaValidate } from '../../src/features/security/routes.ts';
import { getDb } from '../../src/server/db/index.ts';
import { env } from '../../src/server/env.ts';
import { endpoint, on } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { checkCaptcha } from '../../src/server/security/captcha.ts';
import { CAPTCHA_COOKIE } from '../../src/server/security/captcha-cookie.ts';

/** The live check while typing: `{ valid }`; the captcha stays usable for the submission. */
export default endpoint(
  [
    on(captchaValidate, async (ctx) => {
      await ctx.rateLimit('captcha-check');
      const { input } = await ctx.body();
      const id = ctx.cookies.get(CAPTCHA_COOKIE);
      const valid = Boolean(id) && (await checkCaptcha(await getDb(), env().appSecret, id!, input));
      return json({ valid });
    }),
  ],
  { maxBodyBytes: 1024 },
);

export const config = { path: '/security/captcha/validate' };
