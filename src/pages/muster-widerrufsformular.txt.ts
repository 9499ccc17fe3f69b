import type { APIRoute } from 'astro';
import { site } from '../config/site.ts';
import { musterWiderrufsformularText } from '../lib/legal.ts';

/**
 * The sample withdrawal form as a download, prebuilt to dist/muster-widerrufsformular.txt.
 * An endpoint instead of a file in public/, so the address comes from src/config/site.ts.
 * The served Content-Type follows the .txt extension (text/plain; charset=utf-8).
 */
export const GET: APIRoute = () =>
  new Response(musterWiderrufsformularText(site), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
