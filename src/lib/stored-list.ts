import * as v from 'valibot';

/** Why a stored list was thrown away as a whole. */
export type CorruptStoredList = { reason: 'not-json'; error: unknown } | { reason: 'not-a-list' };

/**
 * Reads a list kept in browser storage (SPEC §7): a missing value gives an empty list, content that
 * is not JSON or not a list too (after telling `corrupt`), and single entries of the wrong shape
 * are dropped instead of failing the rest.
 */
export function decodeStoredList<S extends v.GenericSchema>(
  raw: string | null | undefined,
  entry: S,
  corrupt: (problem: CorruptStoredList) => void = () => undefined,
): v.InferOutput<S>[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    corrupt({ reason: 'not-json', error });
    return [];
  }
  if (!Array.isArray(parsed)) {
    corrupt({ reason: 'not-a-list' });
    return [];
  }
  return parsed.flatMap((item) => {
    const result = v.safeParse(entry, item);
    return result.success ? [result.output] : [];
  });
}
