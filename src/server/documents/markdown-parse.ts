import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

/**
 * Markdown of the legal texts as the PDF renderer (./markdown.ts) reads it, and the check the
 * build runs on every legal text (src/server/content/compile.ts): apart from the renderer, so the
 * build does not load the PDF writer.
 */

/** What ./markdown.ts draws. */
const BLOCKS = new Set(['heading', 'paragraph', 'list', 'listItem', 'thematicBreak', 'blockquote']);
const INLINES = new Set(['text', 'strong', 'emphasis', 'link', 'break', 'inlineCode']);

const UNSUPPORTED_LABEL: Readonly<Record<string, string>> = {
  html: 'HTML',
  code: 'Codeblock',
  image: 'Bild',
  imageReference: 'Bild',
  linkReference: 'Verweis-Link ([Text][Name])',
  definition: 'Link-Definition ([Name]: Adresse)',
};

export function parseMarkdown(markdown: string): Root {
  return fromMarkdown(markdown);
}

/** What the PDF renderer cannot draw, with its line: empty for a text it draws completely. */
export function unsupportedMarkdown(markdown: string): string[] {
  const found: string[] = [];
  const visit = (node: Nodes): void => {
    if (node.type !== 'root' && !BLOCKS.has(node.type) && !INLINES.has(node.type)) {
      found.push(`${UNSUPPORTED_LABEL[node.type] ?? node.type} in Zeile ${node.position?.start.line ?? '?'}`);
      return;
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(parseMarkdown(markdown));
  return found;
}
