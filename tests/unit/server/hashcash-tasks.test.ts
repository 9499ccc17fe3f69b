import { describe, expect, it } from 'vitest';
import { NONCE_LIMIT, searchNonce } from '../../../src/lib/hashcash/index.ts';
import { checkSolution, HASHCASH_TTL_SECONDS, issueTasks, TASK_TEXT_LENGTH, verifyTaskText } from '../../../src/server/security/hashcash.ts';

const secret = 'unit-test-secret-0123456789abcdefghij';
const now = new Date('2026-11-23T10:00:00Z');

const issueOne = (difficulty: number) => issueTasks(secret, 1, difficulty, now)[0]!;

function solved(difficulty = 2) {
  const task = issueOne(difficulty);
  return { ...task, nonce: searchNonce(task)! };
}

describe('signed hashcash tasks', () => {
  it('are unique, of fixed length and carry the difficulty', () => {
    const tasks = issueTasks(secret, 20, 3, now);
    expect(new Set(tasks.map((t) => t.text)).size).toBe(20);
    for (const task of tasks) {
      expect(task.text).toHaveLength(TASK_TEXT_LENGTH);
      expect(task.difficulty).toBe(3);
      expect(verifyTaskText(secret, task.text, now)?.difficulty).toBe(3);
    }
  });

  it('accepts a correct solution', () => {
    expect(checkSolution(secret, solved(), now)).not.toBeNull();
  });

  it('rejects a tampered text, another secret and a forged difficulty', () => {
    const solution = solved();
    const flipped = solution.text.slice(0, 10) + (solution.text[10] === 'a' ? 'b' : 'a') + solution.text.slice(11);
    expect(checkSolution(secret, { ...solution, text: flipped }, now)).toBeNull();
    expect(checkSolution('another-secret-0123456789abcdefghijk', solution, now)).toBeNull();
    // Claiming an easier difficulty than issued fails even when the work meets the claim.
    expect(checkSolution(secret, { ...solution, difficulty: 1 }, now)).toBeNull();
    const easier = solution.text.replace(/\.2\.([^.]+)$/, '.1.$1');
    expect(checkSolution(secret, { ...solution, text: easier, difficulty: 1 }, now)).toBeNull();
  });

  it('rejects an expired task', () => {
    const solution = solved();
    const later = new Date(now.getTime() + HASHCASH_TTL_SECONDS * 1000);
    expect(checkSolution(secret, solution, new Date(later.getTime() - 1000))).not.toBeNull();
    expect(checkSolution(secret, solution, later)).toBeNull();
  });

  it('rejects nonces out of range and wrong work', () => {
    const solution = solved();
    expect(checkSolution(secret, { ...solution, nonce: -1 }, now)).toBeNull();
    expect(checkSolution(secret, { ...solution, nonce: NONCE_LIMIT }, now)).toBeNull();
    const task = issueOne(6);
    expect(checkSolution(secret, { ...task, nonce: 0 }, now)).toBeNull();
  });
});
