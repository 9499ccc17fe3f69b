import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isProofOfWork, NONCE_LIMIT, searchNonce } from '../../../src/lib/hashcash/index.ts';
import { NonceHasher, sha256Hex } from '../../../src/lib/hashcash/sha256.ts';

const nodeSha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('SHA-256 for the hashcash solver', () => {
  it('matches node:crypto for every message length around the block boundaries', () => {
    for (let length = 0; length <= 200; length++) {
      const text = 'aäß€'.repeat(60).slice(0, length);
      expect(sha256Hex(new TextEncoder().encode(text))).toBe(nodeSha(text));
    }
  });

  it('hashes text + String(nonce) like node:crypto, also when the nonce crosses into a second block', () => {
    for (const textLength of [0, 1, 40, 54, 55, 56, 63, 64, 65, 100, 119, 120, 128, 140]) {
      const text = 'x'.repeat(textLength);
      const hasher = new NonceHasher(text);
      for (const nonce of [0, 7, 10, 99, 12345, 9_999_999, 123_456_789_012]) {
        expect(hasher.hex(nonce)).toBe(nodeSha(text + String(nonce)));
      }
    }
  });

  it('counts leading zero hex digits of the digest', () => {
    const text = 'v1.zaehl.test';
    const hasher = new NonceHasher(text);
    for (let nonce = 0; nonce < 2000; nonce++) {
      const hex = nodeSha(text + String(nonce));
      expect(hasher.leadingZeros(nonce)).toBe(hex.length - hex.replace(/^0+/, '').length);
    }
  });
});

describe('proof of work', () => {
  const task = { text: 'aufgabe-4711', difficulty: 3 };

  it('finds a nonce that satisfies the rule and accepts it', () => {
    const nonce = searchNonce(task);
    expect(nonce).not.toBeNull();
    expect(nodeSha(task.text + String(nonce)).startsWith('000')).toBe(true);
    expect(isProofOfWork({ ...task, nonce: nonce! })).toBe(true);
  });

  it('splits the range between workers without missing the first solution', () => {
    const first = searchNonce(task)!;
    const found = [0, 1, 2, 3].map((start) => searchNonce(task, start, 4)).filter((n): n is number => n !== null);
    expect(Math.min(...found)).toBe(first);
  });

  it('rejects a wrong nonce, a nonce out of range, fractional nonces and invalid difficulties', () => {
    const nonce = searchNonce(task)!;
    let wrong = 0;
    while (nodeSha(task.text + String(wrong)).startsWith('000')) wrong++;
    expect(isProofOfWork({ ...task, nonce: wrong })).toBe(false);
    expect(isProofOfWork({ ...task, nonce: -1 })).toBe(false);
    expect(isProofOfWork({ ...task, nonce: NONCE_LIMIT })).toBe(false);
    expect(isProofOfWork({ ...task, nonce: 1.5 })).toBe(false);
    expect(isProofOfWork({ ...task, nonce, difficulty: 0 })).toBe(false);
    expect(isProofOfWork({ ...task, nonce, difficulty: 2.5 })).toBe(false);
  });

  it('stops when asked', () => {
    expect(searchNonce({ text: 'x', difficulty: 64 }, 0, 1, () => true, 1000)).toBeNull();
  });
});
