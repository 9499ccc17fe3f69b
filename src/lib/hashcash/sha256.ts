/**
 * SHA-256 written for the hashcash search (ARCHITECTURE §5): one `crypto.subtle.digest`
 * call per nonce runs at about 1 % of native speed, so the solver hashes itself.
 *
 * `NonceHasher` hashes `text + String(nonce)` for many nonces without allocating: the
 * 64-byte blocks made only of `text` are compressed once (the "midstate"), and per nonce
 * only the last block(s) are rebuilt in preallocated buffers.
 */

/** The 64 round constants (FIPS 180-4, 4.2.2); the WebAssembly kernel bakes them into its code. */
export const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const INITIAL_STATE = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/** The big-endian 32-bit word at `offset` of `bytes`, as SHA-256 reads its message. */
export function wordAt(bytes: Uint8Array, offset: number): number {
  return (bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
}

/**
 * Compresses the 64-byte block at `offset` of `bytes` into `state` (8 words). `w` (16 words)
 * is the message schedule used as a ring: words are expanded in place during the rounds,
 * which keeps everything in int32 registers and one cache line pair. With `startRound` > 0
 * the rounds before it are skipped and `roundVars` holds the working variables after them
 * (valid when the first message words are the same as when they were computed).
 */
function compress(
  state: Int32Array,
  w: Int32Array,
  bytes: Uint8Array,
  offset: number,
  startRound = 0,
  roundVars: Int32Array = state,
): void {
  for (let i = 0; i < 16; i++) w[i] = wordAt(bytes, offset + i * 4);
  rounds(state, w, startRound, roundVars);
}

/** The 64 rounds (from `startRound`) over the message words in `w`, added into `state`. */
function rounds(state: Int32Array, w: Int32Array, startRound: number, roundVars: Int32Array): void {
  let a = roundVars[0]!;
  let b = roundVars[1]!;
  let c = roundVars[2]!;
  let d = roundVars[3]!;
  let e = roundVars[4]!;
  let f = roundVars[5]!;
  let g = roundVars[6]!;
  let h = roundVars[7]!;
  for (let i = startRound; i < 64; i++) {
    let wi: number;
    if (i < 16) {
      wi = w[i]!;
    } else {
      const x = w[(i + 1) & 15]!;
      const y = w[(i + 14) & 15]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      wi = (w[i & 15]! + s0 + w[(i + 9) & 15]! + s1) | 0;
      w[i & 15] = wi;
    }
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[i]! + wi) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + S0 + maj) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/** The working variables after the first `rounds` rounds of a block whose first words are `w`. */
function firstRounds(state: Int32Array, w: Int32Array, rounds: number, out: Int32Array): void {
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let i = 0; i < rounds; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[i]! + w[i]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + S0 + maj) | 0;
  }
  out.set([a, b, c, d, e, f, g, h]);
}

function toHex(state: Int32Array): string {
  let hex = '';
  for (let i = 0; i < 8; i++) hex += (state[i]! >>> 0).toString(16).padStart(8, '0');
  return hex;
}

/** Lowercase hex SHA-256 of bytes (reference path; the solver uses NonceHasher). */
export function sha256Hex(bytes: Uint8Array): string {
  const padded = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  writeBitLength(padded, bytes.length);
  const state = Int32Array.from(INITIAL_STATE);
  const w = new Int32Array(16);
  for (let offset = 0; offset < padded.length; offset += 64) compress(state, w, padded, offset);
  return toHex(state);
}

function writeBitLength(padded: Uint8Array, byteLength: number): void {
  const bits = byteLength * 8;
  const end = padded.length;
  // Messages here are far below 2^32 bits; the upper length word stays 0.
  padded[end - 4] = (bits >>> 24) & 0xff;
  padded[end - 3] = (bits >>> 16) & 0xff;
  padded[end - 2] = (bits >>> 8) & 0xff;
  padded[end - 1] = bits & 0xff;
}

/** Count of leading '0' hex digits of the digest in `state`. */
export function leadingZeroNibbles(state: Int32Array): number {
  let count = 0;
  for (let i = 0; i < 8; i++) {
    const word = state[i]! >>> 0;
    if (word === 0) {
      count += 8;
      continue;
    }
    return count + (Math.clz32(word) >>> 2);
  }
  return count;
}

/** What every nonce of one text shares; both the JS hasher and the SIMD search start from it. */
export interface NoncePrefix {
  /** UTF-8 byte length of the text. */
  textLength: number;
  /** The text's bytes after its last full 64-byte block (0 to 63 bytes). */
  tail: Uint8Array;
  /** The state after the text's full blocks: the chaining value of the nonce block. */
  midstate: Int32Array;
  /** Rounds of the nonce block that only see words of the tail: computed once, skipped per nonce. */
  constantRounds: number;
  /** The working variables after those rounds. */
  roundVars: Int32Array;
}

export function noncePrefix(text: string): NoncePrefix {
  const bytes = new TextEncoder().encode(text);
  const fullBlocks = Math.floor(bytes.length / 64);
  const midstate = Int32Array.from(INITIAL_STATE);
  const w = new Int32Array(16);
  for (let block = 0; block < fullBlocks; block++) compress(midstate, w, bytes, block * 64);
  const tail = bytes.slice(fullBlocks * 64);
  const constantRounds = tail.length >> 2;
  const roundVars = new Int32Array(8);
  for (let i = 0; i < constantRounds; i++) w[i] = wordAt(tail, i * 4);
  firstRounds(midstate, w, constantRounds, roundVars);
  return { textLength: bytes.length, tail, midstate, constantRounds, roundVars };
}

const MAX_NONCE_DIGITS = 16;

export class NonceHasher {
  private readonly midstate = new Int32Array(8);
  private readonly state = new Int32Array(8);
  /** Schedule scratch: the rounds expand the message in place, so each nonce starts from a copy. */
  private readonly w = new Int32Array(16);
  /** The words of the nonce block (or the first of two); only the digit words change per nonce. */
  private readonly message = new Int32Array(16);
  /** The unprocessed tail of `text`, then room for the nonce digits and padding (at most two blocks). */
  private readonly tail = new Uint8Array(128);
  private readonly tailLength: number;
  private readonly textLength: number;
  /** Rounds of the nonce block that only see words of `text`: computed once, skipped per nonce. */
  private readonly constantRounds: number;
  private readonly roundVars = new Int32Array(8);
  /** Digit count the padding in `tail` and `message` is laid out for (0: not yet). */
  private layoutDigits = 0;
  private blocks = 1;

  constructor(text: string) {
    const prefix = noncePrefix(text);
    this.textLength = prefix.textLength;
    this.tailLength = prefix.tail.length;
    this.tail.set(prefix.tail);
    this.midstate.set(prefix.midstate);
    this.constantRounds = prefix.constantRounds;
    this.roundVars.set(prefix.roundVars);
    for (let i = 0; i < this.constantRounds; i++) this.message[i] = this.word(i);
  }

  private word(index: number): number {
    return wordAt(this.tail, index * 4);
  }

  /** Lays out padding and length for nonces of `digits` digits (changes only at powers of ten). */
  private layout(digits: number): void {
    const tail = this.tail;
    const messageTail = this.tailLength + digits;
    this.blocks = messageTail + 9 <= 64 ? 1 : 2;
    const end = this.blocks * 64;
    tail[messageTail] = 0x80;
    tail.fill(0, messageTail + 1, end);
    const bits = (this.textLength + digits) * 8;
    tail[end - 4] = (bits >>> 24) & 0xff;
    tail[end - 3] = (bits >>> 16) & 0xff;
    tail[end - 2] = (bits >>> 8) & 0xff;
    tail[end - 1] = bits & 0xff;
    for (let i = this.constantRounds; i < 16; i++) this.message[i] = this.word(i);
    this.layoutDigits = digits;
  }

  /** Hashes text + String(nonce) into the internal state; nonce is a non-negative safe integer. */
  private hash(nonce: number): void {
    const tail = this.tail;
    let digits = 1;
    for (let n = nonce; n >= 10; n = Math.floor(n / 10)) digits++;
    if (digits > MAX_NONCE_DIGITS) throw new RangeError('nonce too large');
    if (digits !== this.layoutDigits) this.layout(digits);
    // Write the decimal digits of nonce without building a string.
    const digitsEnd = this.tailLength + digits;
    let n = nonce;
    for (let i = 1; i <= digits; i++) {
      tail[digitsEnd - i] = 48 + (n % 10);
      n = Math.floor(n / 10);
    }
    this.state.set(this.midstate);
    if (this.blocks === 1) {
      // Only the words holding digits changed; the rest of the block is laid out already.
      const last = digitsEnd >> 2;
      for (let i = this.tailLength >> 2; i <= last && i < 16; i++) this.message[i] = this.word(i);
      this.w.set(this.message);
      rounds(this.state, this.w, this.constantRounds, this.roundVars);
    } else {
      compress(this.state, this.w, tail, 0, this.constantRounds, this.roundVars);
      compress(this.state, this.w, tail, 64);
    }
  }

  /** Number of leading '0' hex digits of sha256(text + String(nonce)). */
  leadingZeros(nonce: number): number {
    this.hash(nonce);
    return leadingZeroNibbles(this.state);
  }

  hex(nonce: number): string {
    this.hash(nonce);
    return toHex(this.state);
  }
}
