/**
 * `npm run check:js-budget` (after `npm run build`): the gzip bytes of JavaScript every built
 * page ships before anyone touches it, as a table, checked against the budgets of ARCHITECTURE §5
 * — a page without an island of its own ships exactly the shared page shell (src/scripts/shell/,
 * no framework; the dialogs and the chat load on first use), nothing else; no page exceeds its
 * budget. How the JavaScript of a page is found: scripts/quality/page-javascript.ts.
 */
import { resolve } from 'node:path';
import { builtPages, gzipOfText, pageJavaScript, ScriptGraph, type PageJavaScript } from './quality/page-javascript.ts';

/**
 * Budgets in gzip bytes (decisions 0022, 0043). ARCHITECTURE §5: a page a visitor only reads
 * ships at most 20 kB; "the React runtime is the only large chunk" — every other chunk stays
 * small. A page whose purpose is an island loads React (about 65 kB) and its islands on top of
 * the shell.
 */
const budgets = {
  shell: 20_000,
  // 115 kB until issue 36: the error summary every form moves the focus to, and the design kit,
  // brought the checkout to 116.5 kB and the landing page to 115.0 kB (decision 0069).
  ownIslands: 120_000,
  chunk: 15_000,
} as const;

const distDir = resolve(process.argv[2] ?? 'dist');
const graph = new ScriptGraph(distDir);
const pages = await Promise.all((await builtPages(distDir)).map((page) => pageJavaScript(distDir, page, graph)));
if (pages.length === 0) throw new Error(`Keine Seiten in ${distDir} – vorher npm run build ausführen.`);

const name = (url: string) => url.replace(/^.*\//, '').replace(/\.[\w-]+\.js$/, '');
const everywhere = <T>(lists: T[][]) => lists.reduce((common, list) => common.filter((item) => list.includes(item)));

// The shell: the islands every page has, the external scripts every page loads (shell-init.js),
// their static imports and the inline scripts every page carries (Astro's island runtime).
const shellIslands = everywhere(pages.map((p) => p.islands));
const shellScripts = new Set<string>();
for (const page of pages) {
  for (const url of page.scripts) if (pages.every((p) => p.scripts.has(url)) && !shellScripts.has(url)) await graph.closure(url, shellScripts);
}
const shellInline = everywhere(pages.map((p) => p.inlineScripts));

async function bytes(urls: Iterable<string>, inline: readonly string[]): Promise<number> {
  let sum = inline.reduce((total, body) => total + gzipOfText(body), 0);
  for (const url of urls) sum += await graph.gzipBytes(url);
  return sum;
}

interface Row {
  page: PageJavaScript;
  ownIslands: string[];
  ownScripts: string[];
  total: number;
  own: number;
}

const rows: Row[] = [];
for (const page of pages) {
  const ownScripts = [...page.scripts].filter((url) => !shellScripts.has(url));
  const ownInline = page.inlineScripts.filter((body) => !shellInline.includes(body));
  rows.push({
    page,
    ownIslands: page.islands.filter((url) => !shellIslands.includes(url)).map(name),
    ownScripts,
    total: await bytes(page.scripts, page.inlineScripts),
    own: await bytes(ownScripts, ownInline),
  });
}
const shellBytes = await bytes(shellScripts, shellInline);

const kb = (n: number) => `${(n / 1000).toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} kB`;
const table = [
  ['Route', 'JS gesamt (gzip)', 'davon eigene', 'eigene Inseln'],
  ...rows.map((r) => [r.page.route, kb(r.total), kb(r.own), r.ownIslands.join(', ') || '–']),
];
const widths = table[0]!.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`Seitenrahmen aller Seiten${shellIslands.length > 0 ? ` (Inseln: ${shellIslands.map(name).join(', ')})` : ''}: ${kb(shellBytes)} gzip`);
console.log(line(table[0]!));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table.slice(1)) console.log(line(row));

const failures: string[] = [];
// The React runtime: every island's renderer and what it imports (react-dom is a chunk of its own
// since the shell also loads it, on first use of a dialog).
const renderers = new Set<string>();
for (const renderer of new Set(pages.flatMap((p) => p.renderers))) await graph.closure(renderer, renderers);
for (const url of new Set(pages.flatMap((p) => [...p.scripts]))) {
  const size = await graph.gzipBytes(url);
  if (!renderers.has(url) && size > budgets.chunk) failures.push(`${url}: ${kb(size)} > Budget je Chunk ${kb(budgets.chunk)} (nur die React-Laufzeit darf groß sein)`);
}
if (shellBytes > budgets.shell) failures.push(`Seitenrahmen: ${kb(shellBytes)} > Budget ${kb(budgets.shell)}`);
for (const row of rows) {
  if (row.ownIslands.length === 0 && row.own > 0) {
    failures.push(`${row.page.route} hat keine eigene Insel, lädt aber zusätzlich ${row.ownScripts.map(name).join(', ') || 'Inline-Skripte'} (${kb(row.own)})`);
  }
  if (row.own > budgets.ownIslands) failures.push(`${row.page.route}: eigene Skripte ${kb(row.own)} > Budget ${kb(budgets.ownIslands)}`);
}
if (failures.length > 0) {
  console.error(`\nJavaScript-Budget überschritten:\n- ${failures.join('\n- ')}`);
  process.exitCode = 1;
} else {
  console.log(`\nJavaScript-Budget eingehalten (${rows.length} Seiten; Seitenrahmen ≤ ${kb(budgets.shell)}, eigene Skripte mit React ≤ ${kb(budgets.ownIslands)}, je Chunk außer der React-Laufzeit ≤ ${kb(budgets.chunk)}).`);
}
