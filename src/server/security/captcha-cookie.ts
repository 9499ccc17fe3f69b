import { serializeCookie } from '../http/cookies.ts';
import { CAPTCHA_TTL_SECONDS } from './captcha.ts';

/** The id of the visitor's current captcha travels in an HttpOnly cookie; the answer never does. */
export const CAPTCHA_COOKIE = 'captcha_id';

export function captchaCookie(id: string, secure: boolean): string {
  return serializeCookie(CAPTCHA_COOKIE, id, { httpOnly: true, secure, maxAgeSeconds: CAPTCHA_TTL_SECONDS });
}
