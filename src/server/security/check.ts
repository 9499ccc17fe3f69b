import type { HashcashSolution } from '../../lib/hashcash/index.ts';
import type { Queryable } from '../db/index.ts';
import { env } from '../env.ts';
import { VISITOR_COOKIE } from '../http/csrf.ts';
import { HttpError } from '../http/errors.ts';
import { spendCaptcha } from './captcha.ts';
import { CAPTCHA_COOKIE } from './captcha-cookie.ts';
import { spendSolutions } from './hashcash.ts';

/** Texts the form wrapper reacts to: on `hashcashFailed` it reloads the widget once and retries. */
export const securityCheckMessages = {
  captchaInvalid: 'Der Sicherheitscode ist falsch oder abgelaufen. Bitte laden Sie einen neuen Code.',
  hashcashFailed: 'Hashcash konnte nicht gelöst werden. Bitte versuchen Sie es erneut.',
} as const;

/**
 * Verifies and uses up the captcha and the hashcash solutions of one form submission,
 * inside the submission's transaction: if anything later fails, nothing is spent; if it
 * commits, neither can be used again (also not by a concurrent submission).
 */
export async function spendSecurityCheck(
  tx: Queryable,
  cookies: Map<string, string>,
  submission: { captcha: string; hashcash_solutions: readonly HashcashSolution[] },
  now: Date = new Date(),
): Promise<void> {
  const { appSecret, hashcash } = env();
  const captchaId = cookies.get(CAPTCHA_COOKIE);
  const visitorId = cookies.get(VISITOR_COOKIE);
  if (!captchaId || !visitorId || !(await spendCaptcha(tx, appSecret, captchaId, visitorId, submission.captcha, now))) {
    throw new HttpError(400, securityCheckMessages.captchaInvalid, { captcha: securityCheckMessages.captchaInvalid });
  }
  const spent = await spendSolutions(tx, appSecret, submission.hashcash_solutions, hashcash.tasks, now);
  if (!spent.ok) {
    throw new HttpError(400, securityCheckMessages.hashcashFailed, { hashcash_solutions: securityCheckMessages.hashcashFailed });
  }
}
