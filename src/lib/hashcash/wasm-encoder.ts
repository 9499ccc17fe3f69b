/**
 * Just enough of the WebAssembly binary format (core spec §5, fixed-width SIMD opcodes) to
 * write the SHA-256 kernel in TypeScript: no toolchain, no binary in the repository.
 *
 * An instruction sequence is a byte array. Helpers that take operands return the operands'
 * code followed by the instruction, so an expression reads like the formula it computes:
 * `add(get(x), get(y))` pushes x + y.
 */

export type Code = number[];

export const i32 = 0x7f;
export const v128 = 0x7b;

/** Unsigned LEB128 (indices, sizes, alignments). */
export function uleb(value: number): Code {
  const bytes: Code = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

/** Signed LEB128 (i32.const). */
export function sleb(value: number): Code {
  const bytes: Code = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    const done = (value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
}

const vec = (items: Code[]): Code => [...uleb(items.length), ...items.flat()];

// Control. Blocks and loops here never yield values (block type 0x40).
export const block: Code = [0x02, 0x40];
export const loop: Code = [0x03, 0x40];
export const ifThen = (condition: Code): Code => [...condition, 0x04, 0x40];
export const end: Code = [0x0b];
export const brIf = (depth: number, condition: Code): Code => [...condition, 0x0d, ...uleb(depth)];
export const brTable = (index: Code, depths: number[], fallback: number): Code => [
  ...index,
  0x0e,
  ...vec(depths.map(uleb)),
  ...uleb(fallback),
];
export const ret = (value: Code): Code => [...value, 0x0f];
export const call = (func: number, ...args: Code[]): Code => [...args.flat(), 0x10, ...uleb(func)];

// Locals.
export const get = (local: number): Code => [0x20, ...uleb(local)];
export const set = (local: number, value: Code): Code => [...value, 0x21, ...uleb(local)];
export const tee = (local: number, value: Code): Code => [...value, 0x22, ...uleb(local)];

// i32 scalars.
export const i32Const = (value: number): Code => [0x41, ...sleb(value)];
const i32Binary = (opcode: number) => (a: Code, b: Code): Code => [...a, ...b, opcode];
export const i32Add = i32Binary(0x6a);
export const i32Or = i32Binary(0x72);
export const i32Shl = i32Binary(0x74);
export const i32LtU = i32Binary(0x49);

// 128-bit SIMD, treated as four i32 lanes. Memory access is 16-byte aligned (2^4).
const simd = (opcode: number): Code => [0xfd, ...uleb(opcode)];
export const load = (address: Code, offset = 0): Code => [...address, ...simd(0x00), 4, ...uleb(offset)];
export const store = (address: Code, value: Code, offset = 0): Code => [
  ...address,
  ...value,
  ...simd(0x0b),
  4,
  ...uleb(offset),
];
export const splat = (value: Code): Code => [...value, ...simd(0x11)];
const binary = (opcode: number) => (a: Code, b: Code): Code => [...a, ...b, ...simd(opcode)];
export const and = binary(0x4e);
export const or = binary(0x50);
export const xor = binary(0x51);
export const add = binary(0xae);
export const eq = binary(0x37);
/** Bits of `ifSet` where `mask` is 1, else of `ifClear`. */
export const bitselect = (ifSet: Code, ifClear: Code, mask: Code): Code => [...ifSet, ...ifClear, ...mask, ...simd(0x52)];
export const shl = (value: Code, bits: number): Code => [...value, ...i32Const(bits), ...simd(0xab)];
export const shrU = (value: Code, bits: number): Code => [...value, ...i32Const(bits), ...simd(0xad)];
/** One bit per lane: set where the lane's top bit is (all-ones lanes of a comparison). */
export const bitmask = (value: Code): Code => [...value, ...simd(0xa4)];

interface Func {
  params: number[];
  results: number[];
  /** Types of the locals after the parameters. */
  locals: number[];
  body: Code;
  export?: string;
}

const section = (id: number, content: Code): Code => [id, ...uleb(content.length), ...content];
const name = (text: string): Code => vec([...new TextEncoder().encode(text)].map((byte) => [byte]));

/** A module of `funcs` (called by their index) and, when `memoryPages` > 0, one exported memory `memory`. */
export function encodeModule(funcs: Func[], memoryPages = 0): Uint8Array<ArrayBuffer> {
  const types = funcs.map((f) => [0x60, ...vec(f.params.map((t) => [t])), ...vec(f.results.map((t) => [t]))]);
  const exports = funcs.flatMap((f, index) => (f.export ? [[...name(f.export), 0x00, ...uleb(index)]] : []));
  if (memoryPages > 0) exports.push([...name('memory'), 0x02, 0]);
  const bodies = funcs.map((f) => {
    const code = [...vec(f.locals.map((type) => [1, type])), ...f.body, ...end];
    return [...uleb(code.length), ...code];
  });
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vec(types)),
    ...section(3, vec(funcs.map((_, index) => uleb(index)))),
    ...(memoryPages > 0 ? section(5, vec([[0x00, ...uleb(memoryPages)]])) : []),
    ...section(7, vec(exports)),
    ...section(10, vec(bodies)),
  ]);
}
