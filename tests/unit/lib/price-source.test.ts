import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import compiled from '../../../src/generated/price-source.json' with { type: 'json' };
import { prices } from '../../../src/data/prices.ts';
import { APP_TYPE_IDS } from '../../../src/lib/configurator/app-types.ts';
import { loadPriceSource, validatePriceSource } from '../../../src/lib/prices/source.ts';
import { PRICE_GROUPS, PRICE_ROLES, PriceEntryDataSchema } from '../../../src/lib/schemas/price-source.ts';
import { compileContent, PRICE_SOURCE_DIR, readPriceSource } from '../../../src/server/content/compile.ts';
import { edit, rawEntries, without, withEdit, type RawEntry } from './price-source-fixtures.ts';

/**
 * The price source schema (src/lib/schemas/price-source.ts) and its compiler
 * (src/server/content/compile.ts): a valid source loads; every broken entry is refused with a
 * German message that names the Markdown file (and the field) an editor has to fix.
 */

const REPO = process.cwd();

/** The message validatePriceSource throws for these entries (fails the test if it throws none). */
function refusal(entries: RawEntry[]): string {
  try {
    validatePriceSource(entries);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('The broken source was accepted');
}

describe('a valid source', () => {
  it('validates and loads, one entry per Markdown file', () => {
    expect(() => validatePriceSource(rawEntries())).not.toThrow();
    const source = loadPriceSource(rawEntries());
    expect(source.entries).toHaveLength(compiled.length);
    expect(source.entries.map((entry) => entry.id).sort()).toEqual(compiled.map((entry) => entry.id).sort());
    expect(prices.entries).toEqual(source.entries);
  });

  it('works out the side of each price the file does not state, at the entry\'s VAT rate', () => {
    expect(prices.require('software-development')).toMatchObject({ netCents: 8000, grossCents: 9520 }); // stated net
    expect(prices.require('webapp-basis-6m')).toMatchObject({ netCents: 7563, grossCents: 9000 }); // stated gross
    expect(prices.require('app-type-custom')).toMatchObject({ netCents: 0, grossCents: 0, onRequest: true }); // on request
  });

  it('sorts entries by group, then position, then name', () => {
    const position = (id: string) => prices.entries.findIndex((entry) => entry.id === id);
    const groups = prices.entries.map((entry) => PRICE_GROUPS.indexOf(entry.group));
    expect(groups).toEqual([...groups].sort((a, b) => a - b));
    expect(position('webapp-basis-1m')).toBe(0);
    expect(position('software-development')).toBeLessThan(position('support-hour'));
    expect(prices.inGroup('domains').map((entry) => entry.name)).toEqual([...prices.inGroup('domains').map((entry) => entry.name)].sort((a, b) => a.localeCompare(b, 'de')));
  });

  it('finds entries by id, role, app type and group; an unknown id fails loudly', () => {
    expect(prices.get('gibt-es-nicht')).toBeUndefined();
    expect(() => prices.require('gibt-es-nicht')).toThrow('Die Preisquelle hat keinen Eintrag „gibt-es-nicht“ (src/content/prices/gibt-es-nicht.md).');
    for (const role of PRICE_ROLES) expect(prices.byRole(role).role).toBe(role);
    for (const key of APP_TYPE_IDS) expect(prices.appType(key).appType?.key).toBe(key);
    expect(prices.inGroup('webapp-pakete')).toHaveLength(6);
    expect(prices.inGroup('domains')).toHaveLength(11);
  });

  it('compiles to what the Markdown files say (the globalSetup ran compileContent)', () => {
    expect(readPriceSource(REPO)).toEqual(compiled);
  });
});

describe('each broken entry is refused with a German message naming the file', () => {
  it('a price in euros with cents instead of whole cents', () => {
    const message = refusal(withEdit('software-development', 'netCents', 80.5));
    expect(message).toContain('Ungültige Preisquelle (src/content/prices):');
    expect(message).toContain('software-development.md (netCents): netCents (Nettopreis in Cent): Betrag in ganzen Cent angeben (zum Beispiel 8000 für 80,00 €).');
  });

  it('a missing field names the file and the field', () => {
    expect(refusal(withEdit('anpassung', 'name', undefined))).toMatch(/^anpassung\.md \(name\): /mu);
    expect(refusal(withEdit('anpassung', 'vatPercent', undefined))).toMatch(/^anpassung\.md \(vatPercent\): /mu);
    expect(refusal(withEdit('click-dummy', 'term.noticeDays', undefined))).toMatch(/^click-dummy\.md \(term\.noticeDays\): /mu);
  });

  it('a missing field is reported in German, nested ones too', () => {
    const message = refusal(withEdit('anpassung', 'name', undefined));
    expect(message).not.toMatch(/Invalid key|Expected|received/u);
    expect(message).toContain('anpassung.md (name): Pflichtfeld „name“ fehlt.');
    expect(refusal(withEdit('domain-at', 'term.noticeDays', undefined))).toContain('domain-at.md (term.noticeDays): Pflichtfeld „noticeDays“ fehlt.');
  });

  it('a price typed as text', () => {
    expect(refusal(withEdit('webapp-basis-6m', 'grossCents', '90,00'))).toContain('webapp-basis-6m.md (grossCents): grossCents (Bruttopreis in Cent): Betrag in Cent als Zahl erwartet');
  });

  it('a negative price', () => {
    expect(refusal(withEdit('webapp-basis-6m', 'grossCents', -1))).toContain('webapp-basis-6m.md (grossCents): grossCents (Bruttopreis in Cent) darf nicht negativ sein.');
  });

  it('both netCents and grossCents', () => {
    expect(refusal(withEdit('software-development', 'grossCents', 9520))).toContain(
      'software-development.md: Genau einer von netCents (Nettopreis) oder grossCents (Bruttopreis) muss angegeben sein.',
    );
  });

  it('neither netCents nor grossCents', () => {
    expect(refusal(withEdit('software-development', 'netCents', undefined))).toContain(
      'software-development.md: Genau einer von netCents (Nettopreis) oder grossCents (Bruttopreis) muss angegeben sein.',
    );
  });

  it('a price per month without a term', () => {
    expect(refusal(withEdit('extra-storage-50gb', 'term', undefined))).toContain(
      'extra-storage-50gb.md: Preise pro Monat oder pro Jahr brauchen eine Laufzeit (term); einmalige Preise und Stundenpreise haben keine.',
    );
  });

  it('an hourly price with a term', () => {
    expect(refusal(withEdit('software-development', 'term', { minimumMonths: 1, billingMonths: 1, noticeDays: 10 }))).toContain('software-development.md: Preise pro Monat oder pro Jahr brauchen eine Laufzeit');
  });

  it('a minimum term that is not a multiple of the billing period', () => {
    expect(refusal(withEdit('webapp-basis-6m', 'term.minimumMonths', 7))).toContain(
      'webapp-basis-6m.md (term): Die Mindestlaufzeit (term.minimumMonths) muss ein Vielfaches des Abrechnungszeitraums (term.billingMonths) sein.',
    );
  });

  it('a notice longer than a month', () => {
    expect(refusal(withEdit('webapp-basis-6m', 'term.noticeDays', 45))).toContain('webapp-basis-6m.md (term.noticeDays): Kündigungsfrist in Tagen (term.noticeDays): höchstens 31.');
  });

  it('an unknown group or unit', () => {
    expect(refusal(withEdit('anpassung', 'group', 'sonstiges'))).toContain('anpassung.md (group): group muss einer von webapp-pakete, anwendungen, entwicklung, zusatzleistungen, domains, konfigurator sein.');
    expect(refusal(withEdit('anpassung', 'unit', 'day'))).toContain('anpassung.md (unit): unit muss einer von hour, once, month, year sein.');
  });

  it('a VAT rate other than 19 or 7 %', () => {
    expect(refusal(withEdit('restore-backup', 'vatPercent', 16))).toContain('restore-backup.md (vatPercent): vatPercent muss 19 oder 7 sein.');
  });

  it('a duplicated role names both files', () => {
    const message = refusal(withEdit('anpassung', 'role', 'development-hour'));
    expect(message).toContain('Die Rolle „development-hour“ muss genau ein Eintrag tragen, gefunden: anpassung, software-development.');
  });

  it('a missing role names the role', () => {
    expect(refusal(withEdit('support-hour', 'role', undefined))).toContain('Die Rolle „support-hour“ muss genau ein Eintrag tragen, gefunden: keiner.');
  });

  it('a missing app type names the app type', () => {
    expect(refusal(without('app-type-portal'))).toContain('Der Anwendungstyp „portal“ muss genau ein Eintrag tragen, gefunden: keiner.');
  });

  it('a duplicated app type names both files', () => {
    expect(refusal(withEdit('app-type-order', 'appType.key', 'invoice'))).toContain(
      'Der Anwendungstyp „invoice“ muss genau ein Eintrag tragen, gefunden: app-type-invoice, app-type-order.',
    );
  });

  it('a duplicated domain ending is refused', () => {
    expect(refusal(withEdit('domain-com', 'domain.tld', 'de'))).toContain('Die Domainendung „de“ (domain.tld) darf nur einmal vorkommen');
  });

  it('a duplicated domain ending names the files that share it', () => {
    const message = refusal(withEdit('domain-com', 'domain.tld', 'de'));
    expect(message).toMatch(/domain-com/u);
    expect(message).toMatch(/domain-de/u);
  });

  it('a hosting-six-months entry billed monthly names the file and what the role needs', () => {
    expect(refusal(withEdit('webapp-basis-6m', 'term.billingMonths', 1))).toContain(
      'webapp-basis-6m.md: Die Rolle „hosting-six-months“ verlangt unit: month und term.billingMonths: 6.',
    );
  });

  it('an hourly role priced per month names the file', () => {
    const entries = edit(withEdit('support-hour', 'unit', 'month'), 'support-hour', 'term', { minimumMonths: 1, billingMonths: 1, noticeDays: 10 });
    expect(refusal(entries)).toContain('support-hour.md: Die Rolle „support-hour“ verlangt unit: hour.');
  });

  it('a role or app type at 7 % is refused: the configurator computes with 19 %', () => {
    expect(refusal(withEdit('webapp-basis-6m', 'vatPercent', 7))).toContain('Der Konfigurator rechnet mit 19 % USt.: Einträge mit role oder appType brauchen vatPercent: 19');
  });

  it('a role or app type at 7 % names the file', () => {
    expect(refusal(withEdit('webapp-basis-6m', 'vatPercent', 7))).toMatch(/webapp-basis-6m/u);
  });

  it('domains and app types only in their groups, with their units', () => {
    expect(refusal(withEdit('domain-de', 'unit', 'month'))).toContain('domain-de.md: Domains kosten pro Jahr (unit: year).');
    expect(refusal(withEdit('app-type-shop', 'unit', 'hour'))).toContain('app-type-shop.md: Anwendungstypen kosten einmalig (unit: once).');
    expect(refusal(withEdit('app-type-shop', 'group', 'entwicklung'))).toContain('app-type-shop.md: Einträge der Gruppe konfigurator sind Anwendungstypen (appType), andere nicht.');
    expect(refusal(withEdit('anpassung', 'onRequest', true))).toContain('anpassung.md: onRequest gibt es nur für Anwendungstypen des Konfigurators, und dann ohne Preis.');
  });

  it('a yearly price billed in months', () => {
    const entries = withEdit('domain-de', 'term', { minimumMonths: 12, billingMonths: 6, noticeDays: 14 });
    expect(refusal(entries)).toContain('domain-de.md: Ein Preis pro Jahr wird in ganzen Jahren abgerechnet (term.billingMonths: 12, 24, …).');
  });

  it('an empty source and an id that is no file name', () => {
    expect(refusal([])).toContain('Die Preisquelle ist leer: src/content/prices/ enthält keine Einträge.');
    const entries = rawEntries();
    entries.find((entry) => entry.id === 'anpassung')!.id = 'Anpassung_alt';
    expect(refusal(entries)).toContain('Anpassung_alt.md: Dateinamen (IDs) bestehen aus a-z, 0-9 und Bindestrichen.');
  });

  it('lists every problem at once, one line each', () => {
    const entries = edit(withEdit('software-development', 'netCents', 80.5), 'extra-storage-50gb', 'term', undefined);
    const lines = refusal(entries).split('\n');
    expect(lines[0]).toBe('Ungültige Preisquelle (src/content/prices):');
    expect(lines.some((line) => line.startsWith('software-development.md (netCents):'))).toBe(true);
    expect(lines.some((line) => line.startsWith('extra-storage-50gb.md:'))).toBe(true);
  });

  it('loadPriceSource refuses what validatePriceSource refuses', () => {
    expect(() => loadPriceSource(withEdit('software-development', 'netCents', 80.5))).toThrow(/software-development\.md \(netCents\)/u);
  });

  it('the Astro content collection uses the same entry schema', () => {
    const data = rawEntries().find((entry) => entry.id === 'software-development')!.data;
    expect(v.safeParse(PriceEntryDataSchema, data).success).toBe(true);
    expect(v.safeParse(PriceEntryDataSchema, { ...data, netCents: 80.5 }).success).toBe(false);
  });
});

describe('readPriceSource on a copy of src/content/prices', () => {
  const roots: string[] = [];
  afterAll(() => {
    for (const root of roots) rmSync(root, { recursive: true, force: true });
  });

  /** A temporary project root holding a copy of the price source (and the legal texts, for compileContent). */
  function copyOfSource(): { root: string; file: (name: string) => string } {
    const root = mkdtempSync(join(tmpdir(), 'price-source-'));
    roots.push(root);
    cpSync(join(REPO, PRICE_SOURCE_DIR), join(root, PRICE_SOURCE_DIR), { recursive: true });
    cpSync(join(REPO, 'src/content/legal'), join(root, 'src/content/legal'), { recursive: true });
    return { root, file: (name) => join(root, PRICE_SOURCE_DIR, name) };
  }

  function readError(root: string): string {
    try {
      readPriceSource(root);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('The broken source was accepted');
  }

  it('reads an unchanged copy exactly as the compiled source, ignoring files that are not Markdown', () => {
    const { root, file } = copyOfSource();
    writeFileSync(file('LIESMICH.txt'), 'Preise in Cent.');
    expect(readPriceSource(root)).toEqual(compiled);
  });

  it('names the broken file and field', () => {
    const { root, file } = copyOfSource();
    const path = file('webapp-basis-6m.md');
    writeFileSync(path, readFileSync(path, 'utf8').replace('grossCents: 9000', 'grossCents: -9000'));
    const message = readError(root);
    expect(message).toContain('webapp-basis-6m.md (grossCents): grossCents (Bruttopreis in Cent) darf nicht negativ sein.');
    expect(message.split('\n')).toHaveLength(2);
  });

  it('refuses euros typed into a cents field instead of reading 90.00 as 90 cents', () => {
    const { root, file } = copyOfSource();
    const path = file('webapp-basis-6m.md');
    for (const euros of ['90.00', '90,00', '90.5']) {
      writeFileSync(path, readFileSync(join(REPO, PRICE_SOURCE_DIR, 'webapp-basis-6m.md'), 'utf8').replace('grossCents: 9000', `grossCents: ${euros}`));
      expect(readError(root)).toBe(
        'src/content/prices/webapp-basis-6m.md: grossCents ist ein Betrag in ganzen Cent ohne Komma oder Punkt, zum Beispiel 9000 für 90,00 €.',
      );
    }
  });

  it('names a file whose term field is missing, and the field', () => {
    const { root, file } = copyOfSource();
    const path = file('click-dummy.md');
    writeFileSync(path, readFileSync(path, 'utf8').replace('  noticeDays: 10\n', ''));
    expect(readError(root)).toMatch(/^click-dummy\.md \(term\.noticeDays\): /mu);
  });

  it('reports YAML errors with the file', () => {
    const { root, file } = copyOfSource();
    const path = file('restore-backup.md');
    writeFileSync(path, readFileSync(path, 'utf8').replace('name: Backup wiederherstellen', 'name: [Backup wiederherstellen'));
    const message = readError(root);
    expect(message).toMatch(/^src\/content\/prices\/restore-backup\.md: Der Kopfbereich ist kein gültiges YAML – /u);
  });

  it('reports a file without front matter', () => {
    const { root, file } = copyOfSource();
    writeFileSync(file('neu.md'), 'name: Neu\n');
    expect(readError(root)).toBe('src/content/prices/neu.md: Die Datei beginnt nicht mit einem Kopfbereich zwischen zwei Zeilen „---“.');
  });

  it('compileContent writes the edited price, and refuses a broken source', () => {
    const { root, file } = copyOfSource();
    compileContent(root);
    const generated = () => JSON.parse(readFileSync(join(root, 'src/generated/price-source.json'), 'utf8')) as RawEntry[];
    expect(generated()).toEqual(compiled);
    const path = file('software-development.md');
    writeFileSync(path, readFileSync(path, 'utf8').replace('netCents: 8000', 'netCents: 8500'));
    compileContent(root);
    expect(loadPriceSource(generated()).require('software-development')).toMatchObject({ netCents: 8500, grossCents: 10115 });
    writeFileSync(path, readFileSync(path, 'utf8').replace('netCents: 8500', 'netCents: 85,00'));
    expect(() => compileContent(root)).toThrow(/software-development\.md: netCents ist ein Betrag in ganzen Cent/u);
  });
});
