/**
 * Drag-and-drop autofill of forms (SPEC §2, §5): a JSON file fills the fields whose ids it
 * names (unknown keys are ignored), a vCard fills name, e-mail and phone.
 */

export const AUTOFILL_JSON_ERROR = 'Fehler beim Einlesen der JSON-Datei.';

export type FieldValues = Record<string, string | boolean>;

/** Keys of a JSON object mapped to field values; throws AUTOFILL_JSON_ERROR when it is not an object. */
export function valuesFromJson(text: string): FieldValues {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(AUTOFILL_JSON_ERROR);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(AUTOFILL_JSON_ERROR);
  const values: FieldValues = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string' || typeof value === 'boolean') values[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) values[key] = String(value);
  }
  return values;
}

function unescapeVcard(value: string): string {
  return value.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1').trim();
}

/** Name, e-mail and phone of the first vCard in the text (folded lines are joined). */
export function valuesFromVcard(text: string): { name?: string; email?: string; phone?: string } {
  const lines = text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const result: { name?: string; email?: string; phone?: string } = {};
  let structuredName: string | undefined;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const property = line.slice(0, colon).split(';')[0]!.toUpperCase().replace(/^ITEM\d+\./, '');
    const value = unescapeVcard(line.slice(colon + 1));
    if (!value) continue;
    if (property === 'FN') result.name ??= value;
    else if (property === 'N') {
      const [family = '', given = ''] = line.slice(colon + 1).split(';').map(unescapeVcard);
      structuredName ??= [given, family].filter(Boolean).join(' ');
    } else if (property === 'EMAIL') result.email ??= value;
    else if (property === 'TEL') result.phone ??= value;
  }
  if (!result.name && structuredName) result.name = structuredName;
  return result;
}
