import { getEntry, render } from 'astro:content';

/**
 * Who an offer is for: the body of its Markdown file in the price source, rendered as a
 * component. The product cards (landing page, catalogue) and the sections of /webapp show the
 * same text; an entry without a body has only its one-sentence description.
 */
export async function offerSummary(id: string) {
  const markdown = await getEntry('prices', id);
  if (!markdown) throw new Error(`src/content/prices/${id}.md fehlt in der Sammlung „prices“.`);
  if (!markdown.body?.trim()) return undefined;
  return (await render(markdown)).Content;
}

/** A package's summary, which every package must have: a package without one fails the build. */
export async function packageSummary(id: string) {
  const summary = await offerSummary(id);
  if (!summary) throw new Error(`src/content/prices/${id}.md: Der Text unter dem Kopf (für wen das Paket ist) fehlt.`);
  return summary;
}
