import { readdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * What JavaScript a built page makes the browser load before and while its islands hydrate,
 * read statically from dist/: external scripts, module preloads, the inline scripts Astro
 * emits (island runtime, hydration directives) and every island's component and renderer
 * chunk, each followed along its static imports. Dynamic `import()` and workers are left out:
 * they load only on a visitor's action (the click dummy's booking demo, the hashcash worker
 * once a form is filled in).
 */

export interface BuiltPage {
  /** The public path, e.g. `/`, `/agb`, `/domains/de`. */
  route: string;
  /** The HTML file below dist/. */
  file: string;
}

export interface PageJavaScript {
  route: string;
  /** Component URLs of the page's islands, e.g. `/_astro/Header.X.js`. */
  islands: string[];
  /** Renderer URLs of the islands (the React runtime). */
  renderers: string[];
  /** Every external script URL the page loads (entries and their static imports). */
  scripts: Set<string>;
  /** Bodies of the executable inline scripts. */
  inlineScripts: string[];
}

/** Every HTML page of the build with the path it is served under (`x.html` → `/x`). */
export async function builtPages(distDir: string): Promise<BuiltPage[]> {
  const entries = await readdir(distDir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => relative(distDir, join(e.parentPath, e.name)).split(sep).join('/'))
    .filter((file) => file !== '404.html')
    .map((file) => ({ file, route: routeOf(file) }))
    .sort((a, b) => a.route.localeCompare(b.route));
}

/**
 * One page of each page file: the pages a dynamic route of src/pages (`domains/[tld].astro`)
 * builds from one template with other data are represented by the first of them. For the checks
 * that judge a template – accessibility, the keyboard walk, reflow, Lighthouse – the other ten
 * domain pages would repeat the same verdict; the checks of the data (prices, links, headers)
 * keep every page.
 */
export function onePerTemplate<T extends { route: string }>(pages: readonly T[], pagesDir = 'src/pages'): T[] {
  const templates = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(sep).join('/'))
    .filter((file) => /\[[^/\]]+\]/.test(file) && /\.(astro|md|mdx)$/.test(file))
    .map((file) => new RegExp(`^/${file.replace(/\.(astro|md|mdx)$/, '').replace(/(^|\/)index$/, '').replace(/\[[^/\]]+\]/g, '[^/]+')}/?$`));
  const seen = new Set<RegExp>();
  return pages.filter(({ route }) => {
    const template = templates.find((pattern) => pattern.test(route));
    if (!template) return true;
    if (seen.has(template)) return false;
    seen.add(template);
    return true;
  });
}

function routeOf(file: string): string {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return `/${file.slice(0, -'index.html'.length)}`;
  return `/${file.slice(0, -'.html'.length)}`;
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1]?.replaceAll('&amp;', '&');

/** Entry scripts, island components and inline scripts named by one page's HTML. */
export function scriptEntries(html: string): { entries: string[]; islands: string[]; renderers: string[]; inlineScripts: string[] } {
  const entries: string[] = [];
  const islands: string[] = [];
  const renderers: string[] = [];
  const inlineScripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = match[1] ?? '';
    const type = attribute(tag, 'type')?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    const src = attribute(tag, 'src');
    if (src) entries.push(src);
    else if (match[2]) inlineScripts.push(match[2]);
  }
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\srel\s*=\s*"modulepreload"/i.test(match[0])) entries.push(attribute(match[0], 'href') ?? '');
  }
  for (const match of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    const component = attribute(match[0], 'component-url');
    const renderer = attribute(match[0], 'renderer-url');
    if (component) {
      islands.push(component);
      entries.push(component);
    }
    if (renderer) {
      renderers.push(renderer);
      entries.push(renderer);
    }
  }
  const unique = (list: string[]) => [...new Set(list)];
  return { entries: unique(entries.filter((e) => e.startsWith('/'))), islands: unique(islands), renderers: unique(renderers), inlineScripts };
}

/** Static import specifiers of an ES module (`import … from`, `import "…"`, `export … from`). */
export function staticImports(code: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bimport|\bexport)\s*(?:[\w$*{},\s]+?\s*from\s*)?["'`]([^"'`]+)["'`]/g;
  for (const match of code.matchAll(pattern)) {
    // `import(` is a dynamic import: the pattern above cannot match it because of the parenthesis.
    found.push(match[1]!);
  }
  return found;
}

export class ScriptGraph {
  private readonly imports = new Map<string, string[]>();
  private readonly sizes = new Map<string, number>();

  private readonly distDir: string;

  constructor(distDir: string) {
    this.distDir = distDir;
  }

  /** The URL and every URL it imports statically, transitively. */
  async closure(url: string, into = new Set<string>()): Promise<Set<string>> {
    if (into.has(url)) return into;
    into.add(url);
    for (const dependency of await this.importsOf(url)) await this.closure(dependency, into);
    return into;
  }

  async gzipBytes(url: string): Promise<number> {
    let size = this.sizes.get(url);
    if (size === undefined) {
      size = gzipSync(await this.read(url), { level: 9 }).byteLength;
      this.sizes.set(url, size);
    }
    return size;
  }

  private async importsOf(url: string): Promise<string[]> {
    let list = this.imports.get(url);
    if (!list) {
      const code = (await this.read(url)).toString('utf8');
      list = staticImports(code)
        .filter((specifier) => /^\.{0,2}\/.*\.m?js$/.test(specifier))
        .map((specifier) => (specifier.startsWith('/') ? specifier : posix.join(posix.dirname(url), specifier)));
      this.imports.set(url, list);
    }
    return list;
  }

  private read(url: string): Promise<Buffer> {
    return readFile(join(this.distDir, ...url.split('/').filter(Boolean)));
  }
}

export async function pageJavaScript(distDir: string, page: BuiltPage, graph: ScriptGraph): Promise<PageJavaScript> {
  const html = await readFile(join(distDir, page.file), 'utf8');
  const { entries, islands, renderers, inlineScripts } = scriptEntries(html);
  const scripts = new Set<string>();
  for (const entry of entries) await graph.closure(entry, scripts);
  return { route: page.route, islands, renderers, scripts, inlineScripts };
}

export const gzipOfText = (text: string) => gzipSync(text, { level: 9 }).byteLength;
