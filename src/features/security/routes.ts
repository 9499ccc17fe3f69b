import type { HashcashTask } from '../../lib/hashcash/index.ts';
import type { Json, Route } from '../../lib/http/route.ts';
import { CaptchaValidateSchema, HashcashValidateSchema } from '../../lib/schemas/security.ts';

/**
 * The security check's endpoints (SPEC §3, §7; decisions 0033 and 0040) in the route table
 * (issue 37, decision 0074): the proof of work's tasks and their check, the captcha's picture, its
 * text alternative and the live check of a typed code. They live under /security, not /api.
 */

/** A new captcha picture (image/png) for a plain <img src>; each load issues one and sets the captcha cookie. */
export const captchaImage = { method: 'GET', path: '/security/captcha/image.png', answer: 'file' } as const satisfies Route;
/** The text alternative the declarations accept (they work without proof of work). */
export const captchaText = { method: 'GET', path: '/security/captcha/text', answer: 'json' as Json<{ question: string }> } as const satisfies Route;
/** The text alternative every form accepts, paid for with a fresh set of proof-of-work solutions (decision 0040). */
export const captchaTextEarned = {
  method: 'POST',
  path: '/security/captcha/text',
  body: HashcashValidateSchema,
  answer: 'json' as Json<{ question: string }>,
} as const satisfies Route;
/** The live check while typing; the captcha stays usable for the submission. */
export const captchaValidate = {
  method: 'POST',
  path: '/security/captcha/validate',
  body: CaptchaValidateSchema,
  answer: 'json' as Json<{ valid: boolean }>,
} as const satisfies Route;
/** Fresh signed proof-of-work tasks. */
export const hashcashTasks = { method: 'GET', path: '/security/hashcash/task', answer: 'json' as Json<{ tasks: HashcashTask[] }> } as const satisfies Route;
/** Checks solutions without spending them: one boolean per solution, and whether the set would do for a form. */
export const hashcashValidate = {
  method: 'POST',
  path: '/security/hashcash/validate',
  body: HashcashValidateSchema,
  answer: 'json' as Json<{ valid: boolean; results: boolean[] }>,
} as const satisfies Route;
