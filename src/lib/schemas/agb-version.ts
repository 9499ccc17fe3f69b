import * as v from 'valibot';

/**
 * The AGB version a customer accepts with an order (issue 18): the 'Stand' of the text and the
 * start of its SHA-256, compiled from src/content/legal/agb.md at build time. The checkout sends
 * the version it showed; the server records it and refuses an order made on an outdated one.
 */
/** 'Stand' and hash: '2026-11-24/0a1b2c3d4e5f'. */
export const AGB_VERSION_PATTERN = /^\d{4}-\d{2}-\d{2}\/[0-9a-f]{12}$/;

export const AgbVersionSchema = v.object({
  stand: v.pipe(v.string(), v.isoDate()),
  version: v.pipe(v.string(), v.regex(AGB_VERSION_PATTERN)),
});

export type AgbVersion = v.InferOutput<typeof AgbVersionSchema>;
