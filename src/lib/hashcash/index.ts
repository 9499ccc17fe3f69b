import { NonceHasher } from './sha256.ts';

/** Nonces run from 0 to 9,999,999 (SPEC §9: at most 10,000,000 attempts per task). */
export const NONCE_LIMIT = 10_000_000;

export interface HashcashTask {
  text: string;
  difficulty: number;
}

export interface HashcashSolution extends HashcashTask {
  nonce: number;
}

/**
 * The proof-of-work rule shared by solver and server: the lowercase hex SHA-256 of the UTF-8
 * string `text + String(nonce)` starts with `difficulty` '0' characters.
 */
export function isProofOfWork(solution: HashcashSolution): boolean {
  const { text, nonce, difficulty } = solution;
  if (!Number.isInteger(nonce) || nonce < 0 || nonce >= NONCE_LIMIT) return false;
  if (!Number.isInteger(difficulty) || difficulty < 1 || difficulty > 64) return false;
  return new NonceHasher(text).leadingZeros(nonce) >= difficulty;
}

/**
 * Searches nonces start, start + step, ... below NONCE_LIMIT; several workers split the range
 * by giving each its own start and the worker count as step. `shouldStop` is polled every
 * `checkEvery` nonces so the search can be cancelled and report progress. Returns the nonce,
 * or null when the range holds none (or the search was stopped).
 */
export function searchNonce(
  task: HashcashTask,
  start = 0,
  step = 1,
  shouldStop: (tried: number) => boolean = () => false,
  checkEvery = 50_000,
): number | null {
  const hasher = new NonceHasher(task.text);
  let tried = 0;
  for (let nonce = start; nonce < NONCE_LIMIT; nonce += step) {
    if (hasher.leadingZeros(nonce) >= task.difficulty) return nonce;
    if (++tried % checkEvery === 0 && shouldStop(tried)) return null;
  }
  return null;
}
