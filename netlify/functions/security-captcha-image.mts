import { getDb } from '../../src/server/db/index.ts';
import { env } from '../../src/server/env.ts';
import { requireVisitor } from '../../src/server/http/csrf.ts';
import { endpoint } from '../../src/server/http/endpoint.ts';
import { json } from '../../src/server/http/respond.ts';
import { issueCaptcha } from '../../src/server/security/captcha.ts';
import { captchaCookie } from '../../src/server/security/captcha-cookie.ts';
import { renderCaptchaPng } from '../../src/server/security/captcha-image.ts';

/** A new captcha picture for this visitor: `{ image }` as a PNG data URL. */
export default endpoint({
  GET: async (ctx) => {
    await ctx.rateLimit({ name: 'captcha-new', limit: 30, windowSeconds: 60 });
    const { id, answer } = await issueCaptcha(await getDb(), env().appSecret, requireVisitor(ctx.cookies), 'image');
    ctx.setCookie(captchaCookie(id, ctx.secure));
    return json({ image: `data:image/png;base64,${renderCaptchaPng(answer).toString('base64')}` });
  },
});

export const config = { path: '/security/captcha/image' };
