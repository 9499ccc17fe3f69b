import type { Queryable } from '../db/index.ts';
import { env } from '../env.ts';
import { serializeCookie } from '../http/cookies.ts';
import type { RateLimitHit } from '../rate-limit.ts';
import { CAPTCHA_TTL_SECONDS, issueCaptcha, type CaptchaMode, type CaptchaScope } from './captcha.ts';

/** The id of the browser's current captcha travels in an HttpOnly cookie; the answer never does. */
export const CAPTCHA_COOKIE = 'captcha_id';

function captchaCookie(id: string, secure: boolean): string {
  return serializeCookie(CAPTCHA_COOKIE, id, { httpOnly: true, secure, maxAgeSeconds: CAPTCHA_TTL_SECONDS });
}

/**
 * A new captcha for the browser of this request: it replaces the one in its cookie, and the cookie
 * now names the new one; `limits` are counted in the same statement (429 when refused). Answers the code (to draw or to write as words), never to be sent as is.
 */
export async function issueBrowserCaptcha(
  db: Queryable,
  request: { cookies: Map<string, string>; secure: boolean; setCookie: (header: string) => void },
  mode: CaptchaMode,
  scope?: CaptchaScope,
  limits?: readonly RateLimitHit[],
): Promise<string> {
  const { id, answer } = await issueCaptcha(db, env().appSecret, request.cookies.get(CAPTCHA_COOKIE), mode, new Date(), scope, limits);
  request.setCookie(captchaCookie(id, request.secure));
  return answer;
}
