import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CAPTCHA_LENGTH } from '../../lib/security/captcha.ts';
import type { Queryable } from '../db/index.ts';
import { SqlParams } from '../db/sql-params.ts';
import { assertAdmitted, rateLimitSql, type RateLimitColumns, type RateLimitHit } from '../rate-limit.ts';
import { CAPTCHA_ALPHABET } from './captcha-font.ts';

/** A captcha is valid for 10 minutes after it was shown. */
export const CAPTCHA_TTL_SECONDS = 600;
/** Wrong guesses after which a captcha is dead and a new one must be loaded. */
export const CAPTCHA_MAX_FAILURES = 5;

/**
 * 'image': the distorted picture. 'text': the accessible alternative (WCAG 1.1.1, another
 * modality): the six digits written as German words, which a screen reader reads aloud.
 */
export type CaptchaMode = 'image' | 'text';

/**
 * Which forms may spend a captcha. A text captcha costs a script nothing to read, so it is
 * 'declarations' only (decision 0033: they work without JavaScript and proof of work) unless
 * the browser earned it with extra proof of work (docs/decisions/0040); a picture serves 'any'.
 */
export type CaptchaScope = 'any' | 'declarations';

/**
 * The answer is derived from the server secret and the captcha id instead of being stored:
 * the database never holds a solvable captcha, and whoever holds the secret (the server,
 * and a test that configures it) can compute it.
 */
export function captchaAnswer(secret: string, id: string, mode: CaptchaMode): string {
  const bytes = createHmac('sha256', secret).update(`captcha\u0000${mode}\u0000${id}`).digest();
  let answer = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) {
    // 32 letters: one byte maps without bias; digits use two bytes to keep the bias negligible.
    answer +=
      mode === 'image' ? CAPTCHA_ALPHABET[bytes[i]! % CAPTCHA_ALPHABET.length] : String(bytes.readUInt16BE(i * 2) % 10);
  }
  return answer;
}

/** What a visitor types: case and surrounding or inner spaces do not matter. */
function normaliseCaptchaInput(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

function answerMatches(expected: string, input: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(normaliseCaptchaInput(input));
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Issues a new captcha. Its id (144 random bits) is the only key: it travels in the browser's
 * HttpOnly cookie, so only that browser can answer it – also a reader without JavaScript, who has
 * no visitor cookie when the form's picture loads (decision 0033). The captcha it replaces (the
 * one in the cookie so far) stops being valid. `limits` are the request's rate-limit hits, counted
 * in the same round trip (429 when refused).
 */
export async function issueCaptcha(
  db: Queryable,
  secret: string,
  replaces: string | undefined,
  mode: CaptchaMode,
  now: Date = new Date(),
  scope: CaptchaScope = mode === 'image' ? 'any' : 'declarations',
  limits: readonly RateLimitHit[] = [],
): Promise<{ id: string; answer: string }> {
  const id = randomBytes(18).toString('base64url');
  // One statement: the request's rate limit, the end of the replaced (and every expired) captcha
  // and the new one; a refused request changes nothing else.
  const params = new SqlParams();
  const { ctes, admitted, columns } = rateLimitSql(params, limits, now);
  const at = params.add(now);
  const { rows } = await db.query<RateLimitColumns>(
    `WITH ${[
      ...ctes,
      `gone AS (DELETE FROM captchas WHERE ${admitted} AND (id = ${params.add(replaces ?? '')} OR expires_at < ${at}))`,
      `made AS (INSERT INTO captchas (id, mode, created_at, expires_at, declarations_only)
         SELECT ${params.add(id)}, ${params.add(mode)}, ${at}, ${params.add(new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000))}::timestamptz,
                ${params.add(scope === 'declarations')}::boolean WHERE ${admitted})`,
    ].join(',\n')}
     SELECT ${columns}`,
    params.values,
  );
  assertAdmitted(rows[0]!);
  return { id, answer: captchaAnswer(secret, id, mode) };
}

interface CaptchaRow {
  mode: CaptchaMode;
}

async function liveCaptcha(db: Queryable, id: string, now: Date): Promise<CaptchaRow | undefined> {
  const { rows } = await db.query<CaptchaRow>(
    `SELECT mode FROM captchas
     WHERE id = $1 AND used_at IS NULL AND expires_at > $2 AND failed_attempts < $3`,
    [id, now, CAPTCHA_MAX_FAILURES],
  );
  return rows[0];
}

async function countFailure(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE captchas SET failed_attempts = failed_attempts + 1 WHERE id = $1', [id]);
}

/**
 * Whether the live captcha has this answer; a wrong guess is counted, so after
 * CAPTCHA_MAX_FAILURES the captcha is dead even for the right code.
 */
async function matchesLiveCaptcha(db: Queryable, secret: string, id: string, input: string, now: Date): Promise<boolean> {
  const row = await liveCaptcha(db, id, now);
  if (!row) return false;
  if (answerMatches(captchaAnswer(secret, id, row.mode), input)) return true;
  await countFailure(db, id);
  return false;
}

/**
 * Checks the typed code without using the captcha up (the form's live check). A wrong
 * guess counts; after CAPTCHA_MAX_FAILURES the captcha is invalid even with the right code.
 */
export async function checkCaptcha(
  db: Queryable,
  secret: string,
  id: string,
  input: string,
  now: Date = new Date(),
): Promise<boolean> {
  if (!(await matchesLiveCaptcha(db, secret, id, input, now))) return false;
  await db.query('UPDATE captchas SET solved_at = $2 WHERE id = $1', [id, now]);
  return true;
}

/**
 * Uses the captcha up for one form submission of a form of this scope ('declarations' accepts
 * every captcha, 'any' other form no text captcha fetched without proof of work). Call inside the
 * submission's transaction: the conditional UPDATE lets exactly one of several concurrent
 * submissions succeed. A wrong guess counted here rolls back with a refused submission: check the
 * code with checkCaptcha before the transaction.
 */
export async function spendCaptcha(
  tx: Queryable,
  secret: string,
  id: string,
  input: string,
  now: Date = new Date(),
  form: CaptchaScope = 'any',
): Promise<boolean> {
  if (!(await matchesLiveCaptcha(tx, secret, id, input, now))) return false;
  const { rowCount } = await tx.query(
    `UPDATE captchas SET used_at = $2
     WHERE id = $1 AND used_at IS NULL AND expires_at > $2 AND failed_attempts < $3 AND (NOT declarations_only OR $4)`,
    [id, now, CAPTCHA_MAX_FAILURES, form === 'declarations'],
  );
  return rowCount === 1;
}
