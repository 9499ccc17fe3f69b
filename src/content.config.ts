import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * Legal texts (AGB, Impressum, Datenschutz, Widerrufsbelehrung). The prose lives in Markdown so
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

export const collections = { legal };
