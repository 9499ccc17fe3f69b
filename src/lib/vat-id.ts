import * as jsvatModule from 'jsvat-next';
import type { Country } from 'jsvat-next';

/**
 * Format and check-digit test of VAT identification numbers with jsvat-next (pinned,
 * docs/decisions/0056-taxes-per-customer.md). No network: whether the number is actually assigned
 * to this business only the BZSt can confirm (qualified confirmation, § 18e UStG).
 *
 * jsvat-next ships an ES build (its "module" field, which Vite and esbuild take) and a minified
 * CommonJS build (its "main", which Node's own import takes: `node scripts/serve.ts`, the billing
 * command). Node cannot list the named exports of the minified build and hands them over as its
 * default export, so the functions are taken from wherever this side finds them.
 */
const jsvat: typeof jsvatModule = 'checkVAT' in jsvatModule ? jsvatModule : (Reflect.get(jsvatModule, 'default') as typeof jsvatModule);

/** jsvat's rules by ISO 3166-1 code ('AT' → Austria; Greece is 'GR', its VAT IDs begin with 'EL'). */
const RULES: ReadonlyMap<string, Country> = new Map(jsvat.countries.map((country) => [country.codes[0]!, country]));

export type VatIdCheck = 'valid' | 'invalid' | 'other-country';

/**
 * Whether a VAT ID (spaces, dots and hyphens already removed, upper case) passes the format and
 * check-digit test of the country `isoCode`; 'other-country' when it is a valid ID of another country.
 * Only for countries jsvat has rules for (every EU member state).
 */
export function checkVatId(vatId: string, isoCode: string): VatIdCheck {
  const rules = RULES.get(isoCode);
  if (!rules) throw new Error(`Keine Prüfregeln für USt-IdNrn. aus ${isoCode}.`);
  if (jsvat.checkVAT(vatId, [rules]).isValid) return 'valid';
  return jsvat.checkVAT(vatId, jsvat.countries).isValid ? 'other-country' : 'invalid';
}
