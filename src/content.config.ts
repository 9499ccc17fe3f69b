import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import * as v from 'valibot';
import { PriceEntryDataSchema } from './lib/schemas/price-source.ts';

/**
 * Legal texts (AGB, Impressum, Datenschutz, Widerrufsbelehrung, Erklärung zur Barrierefreiheit). The prose lives in Markdown so
 * that a lawyer's edit is a text change; company data (address, register, VAT id) is rendered by
 * the pages from src/config/site.ts, so it exists exactly once.
 */
const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/legal' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1),
    // 'Stand' of the text. A YAML date (2023-03-18) is parsed as UTC midnight; the layout
    // formats it in UTC so the day never shifts with the build machine's time zone.
    stand: z.coerce.date(),
  }),
});

/**
 * The price source (docs/decisions/0025-price-source.md): one Markdown file per sellable item,
 * validated with the same valibot schema the compiled source for islands and functions uses
 * (src/server/content/compile.ts). The body is the item's longer description for its page.
 */
const prices = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/prices' }),
  schema: z.unknown().transform((data, ctx) => {
    const result = v.safeParse(PriceEntryDataSchema, data, { abortPipeEarly: false });
    if (result.success) return result.output;
    for (const issue of result.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path?.map((item) => item.key as PropertyKey) ?? [] });
    }
    return z.NEVER;
  }),
});

export const collections = { legal, prices };
