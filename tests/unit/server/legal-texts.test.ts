import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { agb } from '../../../src/data/agb.ts';
import { withdrawalFormUrl } from '../../../src/lib/legal.ts';
import { PAYMENT_METHOD_LABEL, PAYMENT_METHODS } from '../../../src/lib/schemas/order.ts';
import { buildOrigin } from '../../../src/server/content/build-origin.ts';
import { compileContent, PRICE_SOURCE_DIR } from '../../../src/server/content/compile.ts';
import { legalTexts } from '../../../src/server/documents/legal-texts.ts';
import { unsupportedMarkdown } from '../../../src/server/documents/markdown-parse.ts';

/**
 * The legal texts the contract confirmation PDF prints (compiled by src/server/content/compile.ts
 * into src/generated/legal-texts.json): the AGB of exactly the version orders record, and the
 * Widerrufsbelehrung, with the company data filled in; a text the PDF cannot draw stops the build.
 */

const REPO = process.cwd();

describe('the compiled legal texts', () => {
  it('print the AGB of the version every order records', () => {
    expect(legalTexts.agb).toMatchObject({ version: agb.version, stand: agb.stand, title: 'Allgemeine Geschäftsbedingungen (AGB)' });
    expect(legalTexts.agb.markdown).toMatch(/^## § 1 Geltungsbereich\n/u);
    expect(legalTexts.agb.markdown).toContain('## § 9 Laufzeit, Verlängerung und Kündigung');
  });

  it('list in AGB § 8 exactly the payment methods the checkout offers, in its order', () => {
    const section = /\n## § 8 [^\n]*\n([\s\S]*?)\n## § 9 /u.exec(legalTexts.agb.markdown)?.[1] ?? '';
    const methods = [...section.matchAll(/^ {3}- \*\*([^*]+):\*\*/gmu)].map((match) => match[1]);
    expect(methods).toEqual(PAYMENT_METHODS.map((method) => PAYMENT_METHOD_LABEL[method]));
  });

  it('fill in the company data as text', () => {
    expect(legalTexts.agb.markdown).toContain('zwischen Kraus Webentwicklung GmbH, Hansaring 61, 50670 Köln (nachfolgend');
    expect(legalTexts.widerrufsbelehrung.markdown).toContain(
      'müssen Sie uns (Kraus Webentwicklung GmbH, Hansaring 61, 50670 Köln, Telefon 0221 987654-30, E-Mail info@kraus-webentwicklung.de)',
    );
    for (const text of [legalTexts.agb.markdown, legalTexts.widerrufsbelehrung.markdown]) expect(text).not.toMatch(/\{\{|<a /u);
  });

  it('take the Widerrufsbelehrung up to its end, then the notes below it, without the sample form', () => {
    const { markdown } = legalTexts.widerrufsbelehrung;
    expect(markdown).toMatch(/^### Widerrufsrecht\n/u);
    expect(markdown).toMatch(/\nEnde der Widerrufsbelehrung\n\n### Besondere Hinweise\n\nBei einem Vertrag zur Erbringung von Dienstleistungen erlischt/u);
    expect(markdown.trimEnd()).toMatch(/\(§ 356 Abs\. 4 BGB\)\.$/u);
    expect(markdown).not.toContain('## Muster-Widerrufsformular');
  });

  it('name the withdrawal function and its full address on the origin the site is built for', () => {
    expect(legalTexts.widerrufsbelehrung.markdown).toContain(
      `Die Schaltfläche „Vertrag widerrufen“ unten auf jeder Seite unserer Webseite führt zum [Online-Widerrufsformular](/online-widerrufsformular) unter der Internetadresse ${withdrawalFormUrl(buildOrigin())}.`,
    );
  });

  it('hold nothing the PDF cannot draw', () => {
    expect(unsupportedMarkdown(legalTexts.agb.markdown)).toEqual([]);
    expect(unsupportedMarkdown(legalTexts.widerrufsbelehrung.markdown)).toEqual([]);
    expect(unsupportedMarkdown(legalTexts.avVertrag.markdown)).toEqual([]);
  });

  it("keep the AV-Vertrag's customer placeholders for its issue, with the company data filled in", () => {
    const { markdown, title } = legalTexts.avVertrag;
    expect(title).toBe('Vertrag zur Auftragsverarbeitung nach Art. 28 DSGVO');
    expect(markdown).toContain('**Verantwortlicher (Auftraggeber):** {{auftraggeber}}, Kundennummer {{kundennummer}}');
    expect(markdown).toContain('**Auftragsverarbeiter (Auftragnehmer):** Kraus Webentwicklung GmbH, Hansaring 61, 50670 Köln,');
    expect(markdown.match(/\{\{[a-z-]+\}\}/gu)).toEqual(['{{auftraggeber}}', '{{kundennummer}}']);
  });
});

describe('compileContent on a copy of the legal texts', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  function copy(): { root: string; edit: (file: string, change: (text: string) => string) => void } {
    const root = mkdtempSync(join(tmpdir(), 'legal-texts-'));
    roots.push(root);
    cpSync(join(REPO, PRICE_SOURCE_DIR), join(root, PRICE_SOURCE_DIR), { recursive: true });
    cpSync(join(REPO, 'src/content/legal'), join(root, 'src/content/legal'), { recursive: true });
    return {
      root,
      edit: (file, change) => {
        const path = join(root, 'src/content/legal', file);
        writeFileSync(path, change(readFileSync(path, 'utf8')));
      },
    };
  }

  const generated = (root: string, file: string): unknown => JSON.parse(readFileSync(join(root, 'src/generated', file), 'utf8'));

  it('writes the texts and the version from the same file, so an edit changes both', () => {
    const { root, edit } = copy();
    compileContent(root);
    expect(generated(root, 'legal-texts.json')).toEqual(legalTexts);
    edit('agb.md', (text) => text.replace('## § 16 Streitbeilegung', '## § 16 Streitbeilegung und Schlichtung'));
    compileContent(root);
    const version = generated(root, 'agb-version.json') as { version: string };
    const texts = generated(root, 'legal-texts.json') as typeof legalTexts;
    expect(version.version).not.toBe(agb.version);
    expect(texts.agb.version).toBe(version.version);
    expect(texts.agb.markdown).toContain('## § 16 Streitbeilegung und Schlichtung');
  });

  it('refuses Markdown the PDF cannot draw, naming the file and the line', () => {
    const { root, edit } = copy();
    edit('agb.md', (text) => text.replace('## § 16 Streitbeilegung', '<div>Hinweis</div>\n\n## § 16 Streitbeilegung'));
    expect(() => compileContent(root)).toThrow(/^src\/content\/legal\/agb\.md: Die Vertragsbestätigung \(PDF\) kann nicht alles in diesem Text darstellen: HTML in Zeile \d+\./u);
  });

  it('refuses an AV-Vertrag the PDF cannot draw or with an unknown placeholder', () => {
    const html = copy();
    html.edit('av-vertrag.md', (text) => text.replace('### § 11 Schlussbestimmungen', '<div>Hinweis</div>\n\n### § 11 Schlussbestimmungen'));
    expect(() => compileContent(html.root)).toThrow(/^src\/content\/legal\/av-vertrag\.md: Der AV-Vertrag \(PDF\) kann nicht alles in diesem Text darstellen: HTML in Zeile \d+\./u);
    const typo = copy();
    typo.edit('av-vertrag.md', (text) => text.replace('{{auftraggeber}}', '{{auftragnehmer}}'));
    expect(() => compileContent(typo.root)).toThrow('src/content/legal/av-vertrag.md: Unbekannter Platzhalter im Rechtstext: {{auftragnehmer}}');
  });

  it('refuses a Widerrufsbelehrung without its section and an unknown placeholder', () => {
    const missing = copy();
    missing.edit('widerrufsformular.md', (text) => text.replace('## Widerrufsbelehrung', '## Belehrung'));
    expect(() => compileContent(missing.root)).toThrow('src/content/legal/widerrufsformular.md: Der Abschnitt „## Widerrufsbelehrung“ fehlt');
    const typo = copy();
    typo.edit('widerrufsformular.md', (text) => text.replace('{{anschrift}}', '{{anschirft}}'));
    expect(() => compileContent(typo.root)).toThrow('src/content/legal/widerrufsformular.md: Unbekannter Platzhalter im Rechtstext: {{anschirft}}');
  });
});
