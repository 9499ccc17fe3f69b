/**
 * The nonce search on WebAssembly SIMD (docs/decisions/0011): four nonces per kernel step,
 * the same result as `searchNonce` (the smallest passing nonce), several times as fast.
 *
 * Lane k hashes the nonces 10 (q + k) + r: the lanes differ in the leading digits q + k,
 * which this file writes once per group of 4 × 10 nonces, and the kernel steps the last
 * digit r from 0 to 9 itself. Hits in a group are collected before returning the smallest,
 * since lane 0 at a later step (10 q + 7) precedes lane 1 at an earlier one (10 q + 13).
 */
import { NONCE_LIMIT, type HashcashTask } from './index.ts';
import { leadingZeroNibbles, noncePrefix, wordAt, type NoncePrefix } from './sha256.ts';
import { LANES, MEMORY, sha256Module, simdProbeModule } from './sha256-wasm.ts';

/** Searches nonces from `from` (default 0) below `to` (default and at most NONCE_LIMIT). */
export type NonceSearch = (task: HashcashTask, from?: number, to?: number) => number | null;

type Scan = (start: number, counter: number, steps: number, twoBlocks: number) => number;

const DIGIT_ZERO = 0x30;

/**
 * The SIMD search, or null where the engine lacks WebAssembly SIMD or may not compile
 * WebAssembly (a CSP without 'wasm-unsafe-eval'); the caller then uses `searchNonce`.
 */
export function createSimdSearch(): NonceSearch | null {
  if (typeof WebAssembly !== 'object' || !WebAssembly.validate(simdProbeModule())) return null;
  let instance: WebAssembly.Instance;
  try {
    instance = new WebAssembly.Instance(new WebAssembly.Module(sha256Module()));
  } catch {
    return null;
  }
  const search = new SimdSearch(instance.exports.scan as Scan, instance.exports.memory as WebAssembly.Memory);
  return (task, from = 0, to = NONCE_LIMIT) => search.run(task, from, Math.min(to, NONCE_LIMIT));
}

class SimdSearch {
  private readonly words: Int32Array;
  /** Per lane: the bytes of its nonce block(s), as in NonceHasher's `tail`. */
  private readonly lanes = Array.from({ length: LANES }, () => new Uint8Array(128));
  private readonly digest = new Int32Array(8);
  private readonly scan: Scan;

  constructor(scan: Scan, memory: WebAssembly.Memory) {
    this.scan = scan;
    this.words = new Int32Array(memory.buffer);
  }

  run(task: HashcashTask, from: number, to: number): number | null {
    const prefix = noncePrefix(task.text);
    this.splat(MEMORY.midstate, prefix.midstate);
    const start = prefix.constantRounds;
    for (let j = 0; j < 8; j++) this.splat(MEMORY.vars + 16 * ((j - start) & 7), [prefix.roundVars[j]!]);
    this.splat(MEMORY.mask, [passMask(task.difficulty)]);
    // Nonces of one digit count share a layout: search them digit count by digit count.
    for (let first = Math.max(0, from); first < to; ) {
      const digits = String(first).length;
      const end = Math.min(to, 10 ** digits);
      const nonce = this.searchDigits(prefix, task.difficulty, digits, first, end);
      if (nonce !== null) return nonce;
      first = end;
    }
    return null;
  }

  /** Searches first ≤ nonce < end, all of `digits` digits. */
  private searchDigits(prefix: NoncePrefix, difficulty: number, digits: number, first: number, end: number): number | null {
    const textEnd = prefix.tail.length;
    const length = textEnd + digits;
    const blocks = length + 9 <= 64 ? 1 : 2;
    for (const lane of this.lanes) {
      lane.fill(0).set(prefix.tail);
      lane.fill(DIGIT_ZERO, textEnd, length);
      lane[length] = 0x80;
      new DataView(lane.buffer).setUint32(blocks * 64 - 4, (prefix.textLength + digits) * 8);
    }
    for (let i = 0; i < blocks * 16; i++) this.splat(MEMORY.message + 16 * i, [wordAt(this.lanes[0]!, 4 * i)]);
    // The kernel steps the last digit in its word; the words from the first digit on change per group.
    const firstWord = textEnd >> 2;
    const lastWord = (length - 1) >> 2;
    const counter = MEMORY.message + 16 * lastWord;
    this.splat(MEMORY.step, [1 << (8 * (3 - ((length - 1) & 3)))]);

    for (let q = Math.floor(first / 10); q * 10 < end; q += LANES) {
      for (let k = 0; k < LANES; k++) {
        const lane = this.lanes[k]!;
        // Lanes past the last q get wrong digits here; their nonces lie beyond `end` and are ignored.
        let n = q + k;
        for (let i = length - 2; i >= textEnd; i--, n = Math.floor(n / 10)) lane[i] = DIGIT_ZERO + (n % 10);
        for (let i = firstWord; i <= lastWord; i++) this.words[(MEMORY.message >> 2) + 4 * i + k] = wordAt(lane, 4 * i);
      }
      let best: number | null = null;
      for (let r = 0; r < 10; r++) {
        const hit = this.scan(prefix.constantRounds, counter, 10 - r, blocks - 1);
        if (hit === 0) break;
        r += hit >> 4;
        for (let k = 0; k < LANES; k++) {
          const nonce = 10 * (q + k) + r;
          const candidate = (hit >> k) & 1 && nonce >= first && nonce < end && (best === null || nonce < best);
          // The kernel checked the first digest word only; the lane's whole digest decides.
          if (candidate && this.leadingZeros(k) >= difficulty) best = nonce;
        }
      }
      if (best !== null) return best;
    }
    return null;
  }

  private leadingZeros(lane: number): number {
    for (let j = 0; j < 8; j++) this.digest[j] = this.words[(MEMORY.digest >> 2) + 4 * j + lane]!;
    return leadingZeroNibbles(this.digest);
  }

  /** Writes each of `values` into all lanes of consecutive v128s from byte `offset`. */
  private splat(offset: number, values: ArrayLike<number>): void {
    for (let j = 0; j < values.length; j++) this.words.fill(values[j]!, (offset >> 2) + 4 * j, (offset >> 2) + 4 * j + 4);
  }
}

/** The first digest word passes when it starts with min(difficulty, 8) zero hex digits. */
function passMask(difficulty: number): number {
  const bits = 4 * Math.max(0, Math.min(difficulty, 8));
  return bits === 0 ? 0 : -1 << (32 - bits);
}
