import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isProofOfWork, type HashcashSolution, type HashcashTask } from '../../lib/hashcash/index.ts';
import type { Queryable } from '../db/index.ts';

/** Tasks expire after 10 minutes: long enough to fill in a form, short enough to limit stockpiling. */
export const HASHCASH_TTL_SECONDS = 600;

/**
 * Every task text has this length. The solver hashes `text + nonce`; with 112 bytes the
 * text fills one 64-byte block plus 48 bytes of the next, so the solver computes the first
 * 12 rounds of the nonce block once per task, and any 7-digit nonce still fits in that block.
 */
export const TASK_TEXT_LENGTH = 112;

const PREFIX = 'hc1';

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`hashcash\u0000${payload}`).digest('base64url');
}

/** Random bytes per task id: 48 bytes give 64 base64url characters, more than any id needs. */
const ID_BYTES = 48;

/**
 * Issues `count` signed tasks: `hc1.<random id>.<expiry, unix seconds>.<difficulty>.<HMAC>`.
 * The server keeps nothing; signature and expiry make each verifiable, the id makes it unique.
 */
export function issueTasks(secret: string, count: number, difficulty: number, now: Date = new Date()): HashcashTask[] {
  const expires = Math.floor(now.getTime() / 1000) + HASHCASH_TTL_SECONDS;
  const fixed = `${PREFIX}..${expires}.${difficulty}.`.length + 43; // 43 = base64url SHA-256
  // One draw from the system's generator for the whole answer: per task it cost more than the HMAC.
  const random = randomBytes(count * ID_BYTES);
  return Array.from({ length: count }, (_, i) => {
    const id = random.subarray(i * ID_BYTES, (i + 1) * ID_BYTES).toString('base64url').slice(0, TASK_TEXT_LENGTH - fixed);
    const payload = `${PREFIX}.${id}.${expires}.${difficulty}`;
    return { text: `${payload}.${signature(secret, payload)}`, difficulty };
  });
}

export interface VerifiedTask {
  id: string;
  expiresAt: Date;
  difficulty: number;
}

/** The task a text stands for, when we issued it and it has not expired; otherwise null. */
export function verifyTaskText(secret: string, text: string, now: Date = new Date()): VerifiedTask | null {
  const parts = text.split('.');
  if (parts.length !== 5 || parts[0] !== PREFIX) return null;
  const [, id, expires, difficulty, mac] = parts as [string, string, string, string, string];
  const expected = Buffer.from(signature(secret, parts.slice(0, 4).join('.')));
  const actual = Buffer.from(mac);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  const expiresAt = new Date(Number(expires) * 1000);
  if (!(expiresAt.getTime() > now.getTime())) return null;
  return { id, expiresAt, difficulty: Number(difficulty) };
}

/** Signature, expiry, the issued difficulty and the work itself; uses nothing up. */
export function checkSolution(secret: string, solution: HashcashSolution, now: Date = new Date()): VerifiedTask | null {
  const task = verifyTaskText(secret, solution.text, now);
  if (!task || solution.difficulty !== task.difficulty) return null;
  return isProofOfWork(solution) ? task : null;
}

export type SpendResult = { ok: true } | { ok: false; reason: 'count' | 'invalid' | 'replayed' };

/**
 * The validity rule of a form's solutions, in one place: every solution right, all for distinct
 * tasks, and at least as many as the form needs. The reason when not, null when valid.
 */
function setProblem(tasks: readonly (VerifiedTask | null)[], required: number): 'count' | 'invalid' | null {
  if (tasks.some((task) => task === null)) return 'invalid';
  const ids = new Set(tasks.map((task) => task!.id));
  return ids.size !== tasks.length || tasks.length < required ? 'count' : null;
}

/** The check a form makes before it posts: one verdict per solution and whether the set is valid. Uses nothing up. */
export function checkSolutions(
  secret: string,
  solutions: readonly HashcashSolution[],
  required: number,
  now: Date = new Date(),
): { valid: boolean; results: boolean[] } {
  const tasks = solutions.map((solution) => checkSolution(secret, solution, now));
  return { valid: setProblem(tasks, required) === null, results: tasks.map((task) => task !== null) };
}

/**
 * The tasks of a form's solutions when all are valid, distinct and at least `required`; what is
 * wrong otherwise. Checks everything but the replay store, which the caller's statement consults.
 */
export function verifiedSet(
  secret: string,
  solutions: readonly HashcashSolution[],
  required: number,
  now: Date = new Date(),
): VerifiedTask[] | { ok: false; reason: 'count' | 'invalid' } {
  const tasks = solutions.map((solution) => checkSolution(secret, solution, now));
  const problem = setProblem(tasks, required);
  return problem ? { ok: false, reason: problem } : (tasks as VerifiedTask[]);
}

/**
 * Accepts a form's solutions once: all `required` tasks must be distinct, valid and never
 * spent before. Call inside the submission's transaction: the inserts into the replay store
 * roll back with it, and of two concurrent submissions of one task only the first commits.
 */
export async function spendSolutions(
  tx: Queryable,
  secret: string,
  solutions: readonly HashcashSolution[],
  required: number,
  now: Date = new Date(),
): Promise<SpendResult> {
  const tasks = verifiedSet(secret, solutions, required, now);
  if (!Array.isArray(tasks)) return tasks;

  const { rowCount } = await tx.query(
    `INSERT INTO hashcash_spent (task_id, expires_at)
     SELECT * FROM unnest($1::text[], $2::timestamptz[])
     ON CONFLICT (task_id) DO NOTHING`,
    [tasks.map((t) => t.id), tasks.map((t) => t.expiresAt)],
  );
  if (rowCount !== tasks.length) return { ok: false, reason: 'replayed' };
  // Spent ids are only needed until their tasks expire.
  await tx.query('DELETE FROM hashcash_spent WHERE expires_at < $1', [now]);
  return { ok: true };
}
