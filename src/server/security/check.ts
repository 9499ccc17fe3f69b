import type { HashcashSolution } from '../../lib/hashcash/index.ts';
import { errorCodes } from '../../lib/http/error-codes.ts';
import type { Queryable } from '../db/index.ts';
import { env } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { checkCaptcha, spendCaptcha, type CaptchaScope } from './captcha.ts';
import { CAPTCHA_COOKIE } from './captcha-cookie.ts';
import { spendSolutions, verifiedSet } from './hashcash.ts';

/** Texts of a refused security check; the browser retries a refused proof of work by its error code, not by this text. */
export const securityCheckMessages = {
  captchaInvalid: 'Der Sicherheitscode ist falsch oder abgelaufen. Bitte laden Sie einen neuen Code.',
  hashcashFailed: 'Hashcash konnte nicht gelöst werden. Bitte versuchen Sie es erneut.',
} as const;

/** A submission's captcha; a declaration (decision 0033) sends nothing else. */
export interface SubmittedCaptcha {
  captcha: string;
}

/** The full check of the other public forms: captcha and proof of work. */
export interface SubmittedSecurityCheck extends SubmittedCaptcha {
  hashcash_solutions: readonly HashcashSolution[];
}

function captchaRefused(): HttpError {
  return new HttpError(400, securityCheckMessages.captchaInvalid, { captcha: securityCheckMessages.captchaInvalid });
}

/**
 * Before the submission's transaction: checks the typed code, so that a wrong guess counts
 * against the captcha in its own statement. Inside the transaction the refusal would roll the
 * count back, and a script could guess without end.
 */
export async function checkSubmittedCaptcha(db: Queryable, cookies: Map<string, string>, submission: SubmittedCaptcha, now: Date = new Date()): Promise<void> {
  const captchaId = cookies.get(CAPTCHA_COOKIE);
  if (!captchaId || !(await checkCaptcha(db, env().appSecret, captchaId, submission.captcha, now))) throw captchaRefused();
}

/**
 * Verifies and uses up the captcha of one form submission, inside the submission's transaction:
 * if anything later fails, it is not spent; if it commits, it cannot be used again (also not by a
 * concurrent submission). A declaration (decision 0033) also takes a text captcha fetched without
 * proof of work; every other form only one earned with it (docs/decisions/0040).
 */
export async function spendCaptchaCheck(
  tx: Queryable,
  cookies: Map<string, string>,
  submission: SubmittedCaptcha,
  now: Date = new Date(),
  form: CaptchaScope = 'declarations',
): Promise<void> {
  const captchaId = cookies.get(CAPTCHA_COOKIE);
  if (!captchaId || !(await spendCaptcha(tx, env().appSecret, captchaId, submission.captcha, now, form))) throw captchaRefused();
}

/**
 * Refuses solutions that cannot be spent (invalid, too few, expired) before any other work: a
 * request without its proof of work must not cost a password hash or a rendered document. The
 * replay store is consulted by the spending in the request's transaction.
 */
export function assertProofOfWork(solutions: readonly HashcashSolution[], now: Date = new Date()): void {
  const { appSecret, hashcash } = env();
  if (!Array.isArray(verifiedSet(appSecret, solutions, hashcash.tasks, now))) throw proofOfWorkRefused();
}

/** The proof of work of one submission, spent inside its transaction like the captcha. */
export async function spendProofOfWork(tx: Queryable, solutions: readonly HashcashSolution[], now: Date = new Date()): Promise<void> {
  const { appSecret, hashcash } = env();
  const spent = await spendSolutions(tx, appSecret, solutions, hashcash.tasks, now);
  if (!spent.ok) throw proofOfWorkRefused();
}

/** The answer to solutions that are invalid, too few or spent before. */
export function proofOfWorkRefused(): HttpError {
  return new HttpError(400, securityCheckMessages.hashcashFailed, { hashcash_solutions: securityCheckMessages.hashcashFailed }, {}, errorCodes.proofOfWorkRefused);
}

/** The captcha and the hashcash solutions of one submission, spent like spendCaptchaCheck. */
export async function spendSecurityCheck(
  tx: Queryable,
  cookies: Map<string, string>,
  submission: SubmittedSecurityCheck,
  now: Date = new Date(),
): Promise<void> {
  await spendCaptchaCheck(tx, cookies, submission, now, 'any');
  await spendProofOfWork(tx, submission.hashcash_solutions, now);
}
