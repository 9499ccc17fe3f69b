import * as v from 'valibot';
import compiled from '../../generated/legal-texts.json' with { type: 'json' };
import { AgbVersionSchema } from '../../lib/schemas/agb-version.ts';

/**
 * The legal texts the documents print in full, compiled from src/content/legal by
 * src/server/content/compile.ts (functions cannot read Astro's content layer): for the contract
 * confirmation the AGB with the version recorded with every order and the Widerrufsbelehrung,
 * for the AV request the data-processing agreement; as Markdown with the company data filled in.
 */

const LegalTextsSchema = v.object({
  agb: v.object({ ...AgbVersionSchema.entries, title: v.string(), markdown: v.pipe(v.string(), v.nonEmpty()) }),
  widerrufsbelehrung: v.object({ stand: v.pipe(v.string(), v.isoDate()), markdown: v.pipe(v.string(), v.nonEmpty()) }),
  /** With the placeholders of the customer's part (src/lib/av-agreement.ts) still in it. */
  avVertrag: v.object({ title: v.string(), stand: v.pipe(v.string(), v.isoDate()), markdown: v.pipe(v.string(), v.nonEmpty()) }),
});

export type LegalTexts = v.InferOutput<typeof LegalTextsSchema>;

export const legalTexts: LegalTexts = v.parse(LegalTextsSchema, compiled);
