import { describe, expect, it } from 'vitest';
import { searchNonce } from '../../../src/lib/hashcash/index.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { captchaAnswer, issueCaptcha, spendCaptcha } from '../../../src/server/security/captcha.ts';
import { issueTasks, spendSolutions } from '../../../src/server/security/hashcash.ts';

const secret = 'spend-test-secret-0123456789abcdefghij';

function solvedSet(count = 2) {
  return issueTasks(secret, count, 2).map((task) => ({ ...task, nonce: searchNonce(task)! }));
}

describe('spending hashcash solutions', () => {
  it('accepts a set once and rejects its replay', async () => {
    const db = await getDb();
    const solutions = solvedSet();
    expect(await db.transaction((tx) => spendSolutions(tx, secret, solutions, 2))).toEqual({ ok: true });
    expect(await db.transaction((tx) => spendSolutions(tx, secret, solutions, 2))).toEqual({ ok: false, reason: 'replayed' });
    // One spent task poisons a set that reuses it.
    const mixed = [solutions[0]!, ...solvedSet(1)];
    expect(await db.transaction((tx) => spendSolutions(tx, secret, mixed, 2))).toEqual({ ok: false, reason: 'replayed' });
  });

  it('refuses too few or duplicated tasks and spends nothing then', async () => {
    const db = await getDb();
    const solutions = solvedSet();
    expect(await db.transaction((tx) => spendSolutions(tx, secret, [solutions[0]!], 2))).toEqual({ ok: false, reason: 'count' });
    expect(await db.transaction((tx) => spendSolutions(tx, secret, [solutions[0]!, solutions[0]!], 2))).toEqual({
      ok: false,
      reason: 'count',
    });
    expect(await db.transaction((tx) => spendSolutions(tx, secret, solutions, 2))).toEqual({ ok: true });
  });

  it('does not spend when the surrounding submission rolls back', async () => {
    const db = await getDb();
    const solutions = solvedSet();
    await expect(
      db.transaction(async (tx) => {
        expect(await spendSolutions(tx, secret, solutions, 2)).toEqual({ ok: true });
        throw new Error('Speichern fehlgeschlagen');
      }),
    ).rejects.toThrow('Speichern fehlgeschlagen');
    expect(await db.transaction((tx) => spendSolutions(tx, secret, solutions, 2))).toEqual({ ok: true });
  });

  it('accepts exactly one of 50 concurrent submissions of the same solutions', async () => {
    const db = await getDb();
    const solutions = solvedSet();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => db.transaction((tx) => spendSolutions(tx, secret, solutions, 2)).catch(() => ({ ok: false }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
  });
});

describe('spending a captcha', () => {
  it('works once with the right code and exactly once under concurrency', async () => {
    const db = await getDb();
    const { id, answer } = await issueCaptcha(db, secret, undefined, 'image');
    expect(answer).toBe(captchaAnswer(secret, id, 'image'));
    const results = await Promise.all(
      Array.from({ length: 10 }, () => db.transaction((tx) => spendCaptcha(tx, secret, id, answer)).catch(() => false)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await spendCaptcha(db, secret, id, answer)).toBe(false);
  });

  it('refuses a wrong code, a replaced captcha and an expired one', async () => {
    const db = await getDb();
    const issuedAt = new Date('2026-11-23T10:00:00Z');
    const { id, answer } = await issueCaptcha(db, secret, undefined, 'image', issuedAt);
    const during = new Date('2026-11-23T10:05:00Z');
    expect(await spendCaptcha(db, secret, id, answer === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA', during)).toBe(false);
    expect(await spendCaptcha(db, secret, id, answer, new Date('2026-11-23T10:10:01Z'))).toBe(false);
    expect(await spendCaptcha(db, secret, id, answer, during)).toBe(true);

    // A new picture in the same browser replaces the captcha its cookie named.
    const first = await issueCaptcha(db, secret, undefined, 'image', issuedAt);
    const second = await issueCaptcha(db, secret, first.id, 'image', issuedAt);
    expect(await spendCaptcha(db, secret, first.id, first.answer, during)).toBe(false);
    expect(await spendCaptcha(db, secret, second.id, second.answer, during)).toBe(true);
  });
});
