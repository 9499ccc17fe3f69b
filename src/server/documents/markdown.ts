import type { Blockquote, List, PhrasingContent, RootContent } from 'mdast';
import { parseMarkdown } from './markdown-parse.ts';
import { heading, listIndent, listItem, paragraph, rule, taggedGroup, TEXT_SIZE, type Pdf, type TextRun } from './pdf.ts';

/**
 * Markdown (the AGB, the Widerrufsbelehrung) into a PDF: parsed with mdast-util-from-markdown –
 * the CommonMark parser of the unified/remark family, pinned – and drawn with the layout
 * primitives of ./pdf.ts. The legal texts use headings, paragraphs, ordered and unordered lists
 * (also nested), bold and links; italics, line breaks, code spans, rules and quotes are drawn too.
 * Anything else (HTML, images, code blocks, reference links) has no faithful form here: the build
 * refuses such a legal text (./markdown-parse.ts `unsupportedMarkdown`, called by
 * src/server/content/compile.ts) instead of an order later printing it wrongly or not at all.
 *
 * A link prints as its text with the address after it, "Preisliste (https://…/preisliste)": a
 * printed or archived contract must say where a reference leads. Relative links resolve against
 * the site's origin.
 */

export interface MarkdownOptions {
  /** Where relative links lead, e.g. 'https://www.example.de'. */
  baseUrl: string;
}

/** Where a link leads, as a reader can type it: absolute URL, or the address of a mailto:/tel: link. */
function linkTarget(href: string, baseUrl: string): string {
  const url = new URL(href, baseUrl);
  if (url.protocol === 'mailto:' || url.protocol === 'tel:') return decodeURIComponent(url.pathname);
  return url.href;
}

/** Text of a node without its markup (the words a link shows, a heading's text). */
function plainText(nodes: readonly PhrasingContent[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text' || node.type === 'inlineCode') return node.value;
      if (node.type === 'break') return '\n';
      if ('children' in node) return plainText(node.children as PhrasingContent[]);
      return '';
    })
    .join('');
}

/** Soft line breaks of the source are spaces in the text; a hard break (two spaces, backslash) stays a line break. */
const softBreaks = (text: string): string => text.replace(/[ \t]*\r?\n[ \t]*/g, ' ');

function runsOf(nodes: readonly PhrasingContent[], options: MarkdownOptions, style: Omit<TextRun, 'text'> = {}): TextRun[] {
  return nodes.flatMap((node): TextRun[] => {
    switch (node.type) {
      case 'text':
        return [{ ...style, text: softBreaks(node.value) }];
      case 'inlineCode':
        return [{ ...style, text: node.value }];
      case 'break':
        return [{ ...style, text: '\n' }];
      case 'strong':
        return runsOf(node.children, options, { ...style, bold: true });
      case 'emphasis':
        return runsOf(node.children, options, { ...style, italic: true });
      case 'link': {
        const target = linkTarget(node.url, options.baseUrl);
        const runs = runsOf(node.children, options, { ...style, link: target });
        // A link whose text is its address already says where it leads.
        return softBreaks(plainText(node.children)).trim() === target ? runs : [...runs, { ...style, text: ` (${target})` }];
      }
      default:
        // Refused by unsupportedMarkdown at build time; their text is better than nothing.
        return 'children' in node ? runsOf(node.children as PhrasingContent[], options, style) : [];
    }
  });
}

interface Frame {
  x: number;
  /** The level of the text's top headings: they become level-2 headings of the document. */
  topDepth: number;
  /** Inside a tight list: paragraphs follow each other without a gap. */
  tight: boolean;
}

function renderBlocks(doc: Pdf, nodes: readonly RootContent[], frame: Frame, options: MarkdownOptions): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'heading':
        heading(doc, softBreaks(plainText(node.children)), node.depth <= frame.topDepth ? 2 : 3);
        break;
      case 'paragraph':
        paragraph(doc, runsOf(node.children, options), { x: frame.x, gapAfter: frame.tight ? 2 : 5 });
        break;
      case 'list':
        renderList(doc, node, frame, options);
        break;
      case 'blockquote':
        renderQuote(doc, node, frame, options);
        break;
      case 'thematicBreak':
        rule(doc);
        break;
      default:
        // Refused at build time (unsupportedMarkdown); nothing sensible to draw.
        break;
    }
  }
}

function renderList(doc: Pdf, node: List, frame: Frame, options: MarkdownOptions): void {
  const start = node.start ?? 1;
  const markerOf = (index: number) => (node.ordered ? `${start + index}.` : frame.x > doc.page.margins.left ? '–' : '•');
  const indent = listIndent(doc, markerOf(node.children.length - 1));
  const tight = !node.spread;
  taggedGroup(doc, 'L', () =>
    node.children.forEach((item, index) => {
      listItem(doc, markerOf(index), frame.x, indent, TEXT_SIZE.body, () =>
        renderBlocks(doc, item.children, { ...frame, x: frame.x + indent, tight }, options),
      );
    }),
  );
  if (frame.x === doc.page.margins.left) doc.y += 3;
}

function renderQuote(doc: Pdf, node: Blockquote, frame: Frame, options: MarkdownOptions): void {
  renderBlocks(doc, node.children, { ...frame, x: frame.x + 14 }, options);
}

/** Draws a Markdown text at the current position; its top headings become level-2 headings. */
export function renderMarkdown(doc: Pdf, markdown: string, options: MarkdownOptions): void {
  const root = parseMarkdown(markdown);
  const depths = root.children.flatMap((node) => (node.type === 'heading' ? [node.depth] : []));
  renderBlocks(doc, root.children, { x: doc.page.margins.left, topDepth: depths.length > 0 ? Math.min(...depths) : 1, tight: false }, options);
}
