import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isProofOfWork, NONCE_LIMIT, searchNonce, type HashcashTask } from '../../../src/lib/hashcash/index.ts';
import { noncePrefix, NonceHasher, wordAt } from '../../../src/lib/hashcash/sha256.ts';
import { LANES, MEMORY, sha256Module } from '../../../src/lib/hashcash/sha256-wasm.ts';
import { createSimdSearch } from '../../../src/lib/hashcash/simd-search.ts';
import { sleb, uleb } from '../../../src/lib/hashcash/wasm-encoder.ts';

const nodeSha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A random text of `bytes` UTF-8 bytes, some of its characters taking two. */
function randomText(bytes: number): string {
  let text = '';
  for (let length = 0; length < bytes; ) {
    const byte = randomBytes(1)[0]!;
    const wide = byte % 7 === 0 && bytes - length >= 2;
    text += wide ? 'ä' : String.fromCharCode(33 + (byte % 90));
    length += wide ? 2 : 1;
  }
  return text;
}

/** The smallest nonce from ≤ nonce < to that passes, by the JS reference hasher. */
function referenceSearch(task: HashcashTask, from: number, to: number): number | null {
  const hasher = new NonceHasher(task.text);
  for (let nonce = from; nonce < to; nonce++) if (hasher.leadingZeros(nonce) >= task.difficulty) return nonce;
  return null;
}

describe('wasm encoder', () => {
  it('writes LEB128 numbers', () => {
    expect(uleb(0)).toEqual([0]);
    expect(uleb(624485)).toEqual([0xe5, 0x8e, 0x26]);
    expect(sleb(-1)).toEqual([0x7f]);
    expect(sleb(63)).toEqual([0x3f]);
    expect(sleb(64)).toEqual([0xc0, 0x00]);
    expect(sleb(-123456)).toEqual([0xc0, 0xbb, 0x78]);
    expect(sleb(0x80000000 | 0)).toEqual([0x80, 0x80, 0x80, 0x80, 0x78]);
  });

  it('generates a valid kernel module', () => {
    expect(WebAssembly.validate(sha256Module())).toBe(true);
  });
});

describe('SHA-256 kernel (4 lanes)', () => {
  const kernel = new WebAssembly.Instance(new WebAssembly.Module(sha256Module())).exports;
  const scan = kernel.scan as (start: number, counter: number, steps: number, twoBlocks: number) => number;
  const words = new Int32Array((kernel.memory as WebAssembly.Memory).buffer);

  /**
   * Drives the kernel directly: lane k hashes text + String(nonces[k] + r) for r = 0 … 9, the
   * nonces having equal digit counts and a last digit 0; returns the hex digests per step.
   */
  function kernelDigests(text: string, nonces: number[]): string[][] {
    const prefix = noncePrefix(text);
    const start = prefix.constantRounds;
    const fill = (offset: number, lane: number, value: number) => (words[(offset >> 2) + lane] = value);
    for (let lane = 0; lane < LANES; lane++) {
      for (let j = 0; j < 8; j++) {
        fill(MEMORY.midstate + 16 * j, lane, prefix.midstate[j]!);
        fill(MEMORY.vars + 16 * ((j - start) & 7), lane, prefix.roundVars[j]!);
      }
      fill(MEMORY.mask, lane, 0); // every lane passes: each scan call stops after one hash
    }
    let length = 0;
    let blocks = 0;
    nonces.forEach((nonce, lane) => {
      const message = new TextEncoder().encode(String(nonce));
      length = prefix.tail.length + message.length;
      blocks = length + 9 <= 64 ? 1 : 2;
      const bytes = new Uint8Array(128);
      bytes.set(prefix.tail);
      bytes.set(message, prefix.tail.length);
      bytes[length] = 0x80;
      new DataView(bytes.buffer).setUint32(blocks * 64 - 4, (prefix.textLength + message.length) * 8);
      for (let i = 0; i < 32; i++) fill(MEMORY.message + 16 * i, lane, wordAt(bytes, 4 * i));
    });
    const lastWord = (length - 1) >> 2;
    for (let lane = 0; lane < LANES; lane++) fill(MEMORY.step, lane, 1 << (8 * (3 - ((length - 1) & 3))));

    const steps: string[][] = [];
    for (let r = 0; r < 10; r++) {
      expect(scan(start, MEMORY.message + 16 * lastWord, 10 - r, blocks - 1)).toBe(0b1111);
      steps.push(
        nonces.map((_, lane) =>
          Array.from({ length: 8 }, (_, j) => (words[(MEMORY.digest >> 2) + 4 * j + lane]! >>> 0).toString(16).padStart(8, '0')).join(''),
        ),
      );
    }
    return steps;
  }

  it('hashes four messages per step like node:crypto, for tails of 0 to 63 bytes and one or two blocks', () => {
    for (const textLength of [0, 3, 4, 17, 40, 47, 48, 50, 52, 54, 55, 56, 58, 60, 62, 63, 64, 100, 112, 118, 119, 120, 126, 127, 200]) {
      const text = 'k'.repeat(textLength);
      for (const nonces of [[0, 0, 0, 0], [10, 20, 30, 90], [12340, 56780, 99990, 10000], [1234560, 9999990, 1000000, 4000000]]) {
        const digests = kernelDigests(text, nonces);
        for (let r = 0; r < 10; r++) {
          expect(digests[r], `Länge ${textLength}, r ${r}`).toEqual(nonces.map((nonce) => nodeSha(text + String(nonce + r))));
        }
      }
    }
  });
});

describe('SIMD nonce search', () => {
  const search = createSimdSearch()!;

  afterEach(() => vi.restoreAllMocks());

  it('is available in Node (WebAssembly SIMD)', () => {
    expect(search).not.toBeNull();
  });

  it('finds the same smallest nonce as the JS search for random texts', () => {
    for (let i = 0; i < 60; i++) {
      const task = { text: randomText(Math.floor(Math.random() * 200)), difficulty: 1 + (i % 3) };
      const nonce = search(task);
      expect(nonce, JSON.stringify(task)).toBe(searchNonce(task));
      expect(isProofOfWork({ ...task, nonce: nonce! })).toBe(true);
    }
  });

  it('finds the same nonce for issued-length texts and texts needing a second block for the nonce', () => {
    for (const length of [112, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 119, 120, 121, 124, 127, 128]) {
      const task = { text: randomText(length), difficulty: 3 };
      expect(search(task), `Länge ${length}`).toBe(searchNonce(task));
    }
  });

  it('lays out padding and length wherever text tail + digits end around the block edge', () => {
    for (let messageTail = 53; messageTail <= 66; messageTail++) {
      for (let digits = 1; digits <= 7; digits++) {
        const tail = messageTail - digits;
        if (tail < 0 || tail > 63) continue;
        const task = { text: randomText(64 + tail), difficulty: 2 };
        const from = digits === 1 ? 0 : 10 ** (digits - 1);
        const to = Math.min(10 ** digits, from + 2000);
        expect(search(task, from, to), `Rest ${tail} + ${digits} Ziffern`).toBe(referenceSearch(task, from, to));
      }
    }
  });

  it('crosses digit-count boundaries and respects the range', () => {
    for (const boundary of [10, 100_000, 1_000_000]) {
      for (let i = 0; i < 25; i++) {
        const task = { text: randomText(i % 2 === 0 ? 112 : 1 + i), difficulty: 1 + (i % 2) };
        const from = boundary - 1 - (i % 7);
        const to = boundary + 40 + (i % 3);
        expect(search(task, from, to), `${JSON.stringify(task)} ab ${from}`).toBe(referenceSearch(task, from, to));
      }
    }
  });

  it('ignores passing nonces just before `from` and from `to` on', () => {
    const task = { text: 'bereich-test', difficulty: 2 };
    const first = searchNonce(task)!;
    const second = searchNonce(task, first + 1)!;
    expect(search(task, first, first + 1)).toBe(first);
    expect(search(task, first + 1)).toBe(second);
    expect(search(task, first + 1, second)).toBeNull();
    expect(search(task, 0, first)).toBeNull();
  });

  it('returns null when no nonce in the range passes', () => {
    expect(search({ text: 'x'.repeat(112), difficulty: 64 }, 0, 20_000)).toBeNull();
    expect(search({ text: 'x', difficulty: 9 }, NONCE_LIMIT - 5_000)).toBeNull();
    expect(search({ text: 'x', difficulty: 1 }, NONCE_LIMIT)).toBeNull();
  });

  it('is not offered without WebAssembly SIMD or when compiling is forbidden', () => {
    vi.spyOn(WebAssembly, 'validate').mockReturnValue(false);
    expect(createSimdSearch()).toBeNull();
    vi.restoreAllMocks();
    vi.spyOn(WebAssembly, 'Module').mockImplementation(function () {
      throw new WebAssembly.CompileError("Refused to compile: 'wasm-unsafe-eval' is not allowed");
    });
    expect(createSimdSearch()).toBeNull();
  });
});
