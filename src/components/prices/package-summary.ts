import { getEntry, render } from 'astro:content';

/**
 * Who a package is for: the body of its Markdown file in the price source, rendered as a
 * component. The landing page's price cards and the sections of /webapp show the same text.
 */
export async function packageSummary(id: string) {
  const markdown = await getEntry('prices', id);
  if (!markdown) throw new Error(`src/content/prices/${id}.md fehlt in der Sammlung „prices“.`);
  return (await render(markdown)).Content;
}
