import compiled from '../../../src/generated/price-source.json' with { type: 'json' };

/**
 * The raw price source as the compiler writes it (src/generated/price-source.json, compiled from
 * src/content/prices/*.md by the tests' globalSetup): one { id, data } per Markdown file, the data
 * being its front matter. Loosely typed, so tests can break a copy of it field by field.
 */
export interface RawEntry {
  id: string;
  data: Record<string, unknown>;
}

/** A fresh deep copy of every raw entry. */
export function rawEntries(): RawEntry[] {
  return structuredClone(compiled) as RawEntry[];
}

/**
 * Sets (or, for `undefined`, deletes) a field of one entry's front matter, e.g.
 * `edit(entries, 'webapp-basis-6m', 'term.billingMonths', 1)`. Returns the entries.
 */
export function edit(entries: RawEntry[], id: string, path: string, value: unknown): RawEntry[] {
  const entry = entries.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`No entry ${id} in the price source`);
  const keys = path.split('.');
  let target = entry.data;
  for (const key of keys.slice(0, -1)) {
    const next = target[key];
    if (typeof next !== 'object' || next === null) throw new Error(`${id}: ${key} is not an object`);
    target = next as Record<string, unknown>;
  }
  const last = keys.at(-1)!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return entries;
}

/** A copy of the source with one field of one entry changed. */
export function withEdit(id: string, path: string, value: unknown): RawEntry[] {
  return edit(rawEntries(), id, path, value);
}

/** A copy of the source without the given entries. */
export function without(...ids: string[]): RawEntry[] {
  return rawEntries().filter((entry) => !ids.includes(entry.id));
}
