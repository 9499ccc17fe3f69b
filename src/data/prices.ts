import compiled from '../generated/price-source.json' with { type: 'json' };
import { loadPriceSource, type PriceSource } from '../lib/prices/source.ts';

/**
 * The price source (src/content/prices/*.md) as compiled at the start of the build
 * (src/server/content/compile.ts). Pages, islands and functions all import it from here, so one
 * edited Markdown file changes every price on the site and every price the server charges.
 * Import attributes: the functions run natively under Node in `npm start`.
 */
export const prices: PriceSource = loadPriceSource(compiled);
