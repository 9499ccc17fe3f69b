import { load as parseYaml } from 'js-yaml';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { site } from '../../config/site.ts';
import { controllerPlaceholders, DRAFT_CONTROLLER } from '../../lib/av-agreement.ts';
import { escapeMarkdown, fillPlaceholders, legalPlaceholderTexts } from '../../lib/legal.ts';
import { buildOrigin } from './build-origin.ts';
import { validatePriceSource } from '../../lib/prices/source.ts';
import type { AgbVersion } from '../../lib/schemas/agb-version.ts';
import { unsupportedMarkdown } from '../documents/markdown-parse.ts';
import type { LegalTexts } from '../documents/legal-texts.ts';

/**
 * Compiles the Markdown content that islands and functions need at run time into
 * src/generated/*.json: functions run natively under Node and are bundled by Netlify's esbuild,
 * neither of which reads Markdown or Astro's content layer. Runs at the start of every Astro
 * command (build, dev, check, sync) and of the test run (docs/decisions/0025-price-source.md).
 * - the price source (src/content/prices/*.md), validated with the schema Astro's content
 *   collection uses; front matter is read with js-yaml's `load`, exactly as Astro reads it;
 * - the version of the AGB (its 'Stand' and a hash of the text), recorded with every order;
 * - the texts the contract confirmation PDF prints in full (docs/decisions/0028): the AGB of that
 *   version and the Widerrufsbelehrung with the notes below it, as Markdown with the company data
 *   and the address of the online withdrawal form (on the origin the site is built for) filled in;
 * - the data-processing agreement the AV request mails as a PDF (docs/decisions/0036), with the
 *   company data filled in and the customer's placeholders left for the agreement's issue.
 */

export const PRICE_SOURCE_DIR = 'src/content/prices';
const AGB_FILE = 'src/content/legal/agb.md';
const WIDERRUF_FILE = 'src/content/legal/widerrufsformular.md';
const AV_FILE = 'src/content/legal/av-vertrag.md';
const GENERATED = {
  prices: 'src/generated/price-source.json',
  agb: 'src/generated/agb-version.json',
  // Apart from the version: the checkout island imports that one, and needs no 16 kB of AGB.
  legal: 'src/generated/legal-texts.json',
} as const;

/** Astro's front matter: between a leading '---' line and the next one. */
const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

/** 'netCents: 90.00' is read as 90 cents: an editor who typed euros must hear it, not sell for 0,90 €. */
const EURO_IN_CENTS_FIELD = /^\s*(netCents|grossCents):\s*\d+[.,]\d/mu;

function frontMatter(file: string, text: string): unknown {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error(`${file}: Die Datei beginnt nicht mit einem Kopfbereich zwischen zwei Zeilen „---“.`);
  const euros = EURO_IN_CENTS_FIELD.exec(match[1]!);
  if (euros) {
    throw new Error(`${file}: ${euros[1]} ist ein Betrag in ganzen Cent ohne Komma oder Punkt, zum Beispiel 9000 für 90,00 €.`);
  }
  try {
    return parseYaml(match[1]!) ?? {};
  } catch (error) {
    throw new Error(`${file}: Der Kopfbereich ist kein gültiges YAML – ${(error as Error).message}`, { cause: error });
  }
}

/** Reads and validates every entry; throws one German message naming each broken file and field. */
export function readPriceSource(root: string = process.cwd()) {
  const dir = resolve(root, PRICE_SOURCE_DIR);
  const raw = readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => ({ id: basename(name, '.md'), data: frontMatter(join(PRICE_SOURCE_DIR, name), readFileSync(join(dir, name), 'utf8')) }));
  validatePriceSource(raw);
  return raw;
}

/** The text after the front matter. */
const bodyOf = (text: string): string => text.replace(FRONT_MATTER, '').trim();

function titleOf(file: string, text: string): string {
  const { title } = frontMatter(file, text) as { title?: unknown };
  if (typeof title !== 'string') throw new Error(`${file}: „title“ fehlt.`);
  return title;
}

/** 'Stand' of a legal text as its ISO day. */
function standOf(file: string, text: string): string {
  const { stand } = frontMatter(file, text) as { stand?: unknown };
  if (!(stand instanceof Date)) throw new Error(`${file}: „stand“ muss ein Datum sein (JJJJ-MM-TT).`);
  return stand.toISOString().slice(0, 10);
}

/**
 * The AGB version a customer accepts: the text's 'Stand' and the start of its SHA-256, so even an
 * edit that forgot to move the date is a different version.
 */
function agbVersionOf(text: string): AgbVersion {
  const day = standOf(AGB_FILE, text);
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
  return { stand: day, version: `${day}/${hash}` };
}

/**
 * A legal text as a PDF prints it: company data filled in, and nothing the renderer cannot draw.
 * `later` names placeholders filled when the document is made (the AV-Vertrag's customer); they
 * stay in the text, and the check reads the text with the draft's blanks in their place.
 */
function printable(file: string, markdown: string, document: string, origin: string, later: Readonly<Record<string, string>> = {}): string {
  const values = Object.fromEntries(Object.entries(legalPlaceholderTexts(site, origin)).map(([name, value]) => [name, escapeMarkdown(value)]));
  let filled: string;
  try {
    filled = fillPlaceholders(markdown, { ...values, ...Object.fromEntries(Object.keys(later).map((name) => [name, `{{${name}}}`])) });
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
  }
  const unsupported = unsupportedMarkdown(fillPlaceholders(filled, later));
  if (unsupported.length > 0) {
    throw new Error(
      `${file}: ${document} kann nicht alles in diesem Text darstellen: ${unsupported.join(', ')}. ` +
        'Bitte nur Überschriften, Absätze, Listen, Fett- und Kursivschrift und Links verwenden.',
    );
  }
  return filled;
}

/** The section of a Markdown text under `## {title}`, up to the next heading of that level. */
function section(file: string, markdown: string, title: string): string {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => line.trim() === `## ${title}`);
  if (start < 0) throw new Error(`${file}: Der Abschnitt „## ${title}“ fehlt; die Vertragsbestätigung (PDF) druckt ihn.`);
  const end = lines.findIndex((line, index) => index > start && /^##\s/.test(line));
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n').trim();
}

/**
 * The Widerrufsbelehrung as the PDF prints it: the statutory text up to 'Ende der
 * Widerrufsbelehrung', then the notes that stand below it on the page (when the right of
 * withdrawal expires), which the Belehrung itself must not be mixed with (docs/decisions/0032).
 */
function widerrufsbelehrungOf(markdown: string): string {
  const notes = 'Besondere Hinweise';
  return `${section(WIDERRUF_FILE, markdown, 'Widerrufsbelehrung')}\n\n### ${notes}\n\n${section(WIDERRUF_FILE, markdown, notes)}`;
}

const CONFIRMATION = 'Die Vertragsbestätigung (PDF)';

function readLegal(root: string, origin: string): { version: AgbVersion; texts: LegalTexts } {
  const agbText = readFileSync(resolve(root, AGB_FILE), 'utf8');
  const version = agbVersionOf(agbText);
  const widerrufText = readFileSync(resolve(root, WIDERRUF_FILE), 'utf8');
  const avText = readFileSync(resolve(root, AV_FILE), 'utf8');
  return {
    version,
    texts: {
      agb: { title: titleOf(AGB_FILE, agbText), ...version, markdown: printable(AGB_FILE, bodyOf(agbText), CONFIRMATION, origin) },
      widerrufsbelehrung: {
        stand: standOf(WIDERRUF_FILE, widerrufText),
        markdown: printable(WIDERRUF_FILE, widerrufsbelehrungOf(bodyOf(widerrufText)), CONFIRMATION, origin),
      },
      avVertrag: {
        title: titleOf(AV_FILE, avText),
        stand: standOf(AV_FILE, avText),
        markdown: printable(AV_FILE, bodyOf(avText), 'Der AV-Vertrag (PDF)', origin, controllerPlaceholders(DRAFT_CONTROLLER, escapeMarkdown)),
      },
    },
  };
}

/** Writes a file only when its content changed (an unchanged file keeps dev servers quiet). */
function writeIfChanged(target: string, json: string): void {
  let current: string | undefined;
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // not compiled yet
  }
  if (current === json) return;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, json);
}

const asJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** `origin`: the public origin the site is built for; the Astro integration passes its `site`. */
export function compileContent(root: string = process.cwd(), origin: string = buildOrigin()): void {
  writeIfChanged(resolve(root, GENERATED.prices), asJson(readPriceSource(root)));
  // Version and printed text from one reading of the file: the PDF prints exactly the version recorded.
  const legal = readLegal(root, origin);
  writeIfChanged(resolve(root, GENERATED.agb), asJson(legal.version));
  writeIfChanged(resolve(root, GENERATED.legal), asJson(legal.texts));
}
