import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The typeface of our PDF documents: DejaVu Sans Condensed from the npm package
 * dejavu-fonts-ttf (pinned), embedded as a subset of the glyphs a document uses.
 *
 * Why not PDF's standard Helvetica, which needs no file: its WinAnsi encoding covers German
 * (umlauts, ß, €, §, „“, –) but not every name or street a customer types – Łukasz, Şahin,
 * Dvořák would print wrongly in their own contract. DejaVu covers Latin, Greek and Cyrillic
 * completely. An embedded font also keeps the document the same on every viewer, and PDF/A
 * (the archivable invoices of a later issue) allows embedded fonts only.
 */
const FILES = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  italic: 'DejaVuSansCondensed-Oblique.ttf',
  boldItalic: 'DejaVuSansCondensed-BoldOblique.ttf',
} as const;

export type FontFace = keyof typeof FILES;

/** Where the package keeps its fonts, relative to the project; netlify.toml bundles this folder's files with the functions. */
const PACKAGE_FONT_DIR = 'node_modules/dejavu-fonts-ttf/ttf';

/**
 * The package as Node resolves it (any install layout), else at the project-relative path:
 * in a Netlify function bundle the fonts are `included_files`, beside the working directory,
 * like the migrations.
 */
function candidateDirs(): string[] {
  const dirs: string[] = [];
  try {
    dirs.push(join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf'));
  } catch {
    // Bundled: no package.json to resolve; the included files are found below.
  }
  dirs.push(join(process.cwd(), PACKAGE_FONT_DIR));
  return dirs;
}

function readFace(file: string, dirs: readonly string[]): Buffer {
  for (const dir of dirs) {
    try {
      return readFileSync(join(dir, file));
    } catch {
      // try the next place
    }
  }
  throw new Error(`Schriftdatei ${file} nicht gefunden (gesucht in: ${dirs.join(', ')})`);
}

let loaded: Readonly<Record<FontFace, Buffer>> | undefined;

/** The font files, read once per process (about 2 MB; each document embeds only the glyphs it uses). */
export function fontFiles(): Readonly<Record<FontFace, Buffer>> {
  if (!loaded) {
    const dirs = candidateDirs();
    loaded = Object.fromEntries(Object.entries(FILES).map(([face, file]) => [face, readFace(file, dirs)])) as Record<FontFace, Buffer>;
  }
  return loaded;
}
