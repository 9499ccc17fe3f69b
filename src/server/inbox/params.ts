/** The named query parameters that are present, for a schema's optional fields and defaults. */
export function queryParams(url: URL, keys: readonly string[]): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = url.searchParams.get(key);
    if (value !== null) raw[key] = value;
  }
  return raw;
}
