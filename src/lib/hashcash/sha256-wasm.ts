/**
 * The WebAssembly SIMD kernel of the hashcash search: SHA-256 of four messages at once, one
 * per 32-bit lane of a v128 (FIPS 180-4 §6.2.2, multi-buffer). The module is generated here
 * at run time (docs/decisions/0011): the 64 rounds are unrolled, so the eight working
 * variables and the 16-word schedule ring live in wasm locals that the engine can keep in
 * vector registers, and the variables are renamed from round to round instead of moved.
 *
 * The search (simd-search.ts) lays the four messages out in memory; the kernel hashes them,
 * steps the word that holds the last nonce digit and reports lanes whose first digest word
 * passes a mask.
 */
import { K } from './sha256.ts';
import {
  add,
  and,
  bitmask,
  bitselect,
  block,
  brIf,
  brTable,
  call,
  type Code,
  encodeModule,
  end,
  eq,
  get,
  i32,
  i32Add,
  i32Const,
  i32LtU,
  i32Or,
  i32Shl,
  ifThen,
  load,
  loop,
  or,
  ret,
  set,
  shl,
  shrU,
  splat,
  store,
  tee,
  v128,
  xor,
} from './wasm-encoder.ts';

export const LANES = 4;

/** Byte offsets of the kernel's memory; each v128 holds one 32-bit word for each of the 4 lanes. */
export const MEMORY = {
  /** 8 v128: the working variables after the constant rounds, slot (j − start) & 7 holding variable j. */
  vars: 0,
  /** 8 v128: the chaining value the first nonce block is added to (the text's midstate). */
  midstate: 128,
  /** 32 v128: the message words of the nonce block(s), word i at message + 16 i. */
  message: 256,
  /** v128: a lane passes when its first digest word ANDed with this is 0. */
  mask: 768,
  /** v128: added to the counter word after each message (steps the last nonce digit). */
  step: 784,
  /** 8 v128: the digests of the last messages hashed. */
  digest: 800,
} as const;

const COMPRESS = 0;

/** Code pushing the working variables a … h. */
type Variables = [Code, Code, Code, Code, Code, Code, Code, Code];

const rotr = (x: Code, bits: number): Code => or(shrU(x, bits), shl(x, 32 - bits));
const sum = (...terms: Code[]): Code => terms.reduce((total, term) => add(total, term));

/**
 * compress(message, vars, chaining, start): rounds `start`..63 over the 16 words at `message`,
 * beginning with the variables at `vars`; writes the variables plus the state at `chaining`
 * to the digest area. Reading all of `chaining` before writing lets it be the digest area.
 */
function compressFunction() {
  const [message, vars, chaining, start] = [0, 1, 2, 3];
  // Locals after the parameters: the working variables, the schedule ring, T1.
  const w = (index: number) => 12 + (index & 15);
  const t1 = 28;
  // Renaming instead of moving: round i writes its new a where h was and its new e where d was,
  // so variable `role` (a = 0 … h = 7) of round i lives in local 4 + ((role − i) & 7).
  const variable = (role: number, round: number) => 4 + ((role - round) & 7);
  const body: Code = [];
  for (let i = 0; i < 16; i++) body.push(...set(w(i), load(get(message), 16 * i)));
  for (let j = 0; j < 8; j++) body.push(...set(variable(j, 0), load(get(vars), 16 * j)));

  // Rounds before `start` saw only text words and were computed once per task: branch
  // into the unrolled rounds at `start` (the variables were stored rotated to match).
  for (let i = 0; i < 16; i++) body.push(...block);
  body.push(...brTable(get(start), [...Array(16).keys()], 15));

  for (let i = 0; i < 64; i++) {
    if (i < 16) body.push(...end);
    const [a, b, c, d, e, f, g, h] = [0, 1, 2, 3, 4, 5, 6, 7].map((role) => get(variable(role, i))) as Variables;
    let wi = get(w(i));
    if (i >= 16) {
      // The schedule ring: w[i] = σ1(w[i−2]) + w[i−7] + σ0(w[i−15]) + w[i−16], in place.
      const x = get(w(i + 1));
      const y = get(w(i + 14));
      const s0 = xor(xor(rotr(x, 7), rotr(x, 18)), shrU(x, 3));
      const s1 = xor(xor(rotr(y, 17), rotr(y, 19)), shrU(y, 10));
      wi = tee(w(i), sum(get(w(i)), s0, get(w(i + 9)), s1));
    }
    const S1 = xor(xor(rotr(e, 6), rotr(e, 11)), rotr(e, 25));
    const ch = bitselect(f, g, e);
    const S0 = xor(xor(rotr(a, 2), rotr(a, 13)), rotr(a, 22));
    // Maj(a, b, c): where a and c differ, b decides; where they agree, a does.
    const maj = bitselect(b, a, xor(a, c));
    body.push(...set(t1, sum(h, S1, ch, splat(i32Const(K[i]!)), wi)));
    body.push(...set(variable(3, i), add(d, get(t1))));
    body.push(...set(variable(7, i), sum(get(t1), S0, maj)));
  }
  for (let j = 0; j < 8; j++) {
    body.push(...store(i32Const(MEMORY.digest), add(get(variable(j, 64)), load(get(chaining), 16 * j)), 16 * j));
  }
  return { params: [i32, i32, i32, i32], results: [], locals: [...Array(25).fill(v128)], body };
}

/**
 * scan(start, counter, steps, twoBlocks): hashes the messages, adds the step vector to the
 * word at `counter`, and repeats, `steps` times at most. Returns 0 when no lane passed, else
 * (index << 4) | lane bits of the first hash with passing lanes, its index counting from 0;
 * its digests stay in the digest area.
 */
function scanFunction() {
  const [start, counter, steps, twoBlocks, index, lanes] = [0, 1, 2, 3, 4, 5];
  const hashLanes = [
    ...call(COMPRESS, i32Const(MEMORY.message), i32Const(MEMORY.vars), i32Const(MEMORY.midstate), get(start)),
    ...ifThen(get(twoBlocks)),
    ...call(COMPRESS, i32Const(MEMORY.message + 256), i32Const(MEMORY.digest), i32Const(MEMORY.digest), i32Const(0)),
    ...end,
  ];
  const passing = bitmask(eq(and(load(i32Const(MEMORY.digest)), load(i32Const(MEMORY.mask))), splat(i32Const(0))));
  const body = [
    ...loop,
    ...hashLanes,
    ...store(get(counter), add(load(get(counter)), load(i32Const(MEMORY.step)))),
    ...ifThen(tee(lanes, passing)),
    ...ret(i32Or(i32Shl(get(index), i32Const(4)), get(lanes))),
    ...end,
    ...brIf(0, i32LtU(tee(index, i32Add(get(index), i32Const(1))), get(steps))),
    ...end,
    ...i32Const(0),
  ];
  return { params: [i32, i32, i32, i32], results: [i32], locals: [i32, i32], body, export: 'scan' };
}

/** The kernel module: exports `scan` and its `memory` (one 64 KiB page). */
export function sha256Module(): Uint8Array<ArrayBuffer> {
  return encodeModule([compressFunction(), scanFunction()], 1);
}

/** A module using v128: WebAssembly.validate tells whether the engine has SIMD. */
export function simdProbeModule(): Uint8Array<ArrayBuffer> {
  return encodeModule([{ params: [], results: [v128], locals: [], body: splat(i32Const(0)) }]);
}
