import { describe, expect, it } from 'vitest';
import { site } from '../../../src/config/site.ts';
import {
  fillPlaceholders,
  formatStand,
  isoDay,
  legalPlaceholders,
  legalPlaceholderTexts,
  musterWiderrufsformularText,
  type LegalCompany,
} from '../../../src/lib/legal.ts';

const company: LegalCompany = {
  name: 'Muster & Söhne <GmbH>',
  address: { street: 'Teststraße 1', postalCode: '12345', city: 'Musterstadt', country: 'Deutschland' },
  phone: '+49 30 1234-56',
  phoneDisplay: '030 1234-56',
  email: 'info@example.de',
  mailProvider: { name: 'Post & Co <AG>', address: 'Weg 2, 54321 Ort', location: 'Deutschland' },
};

describe('formatStand', () => {
  it('formats a YAML date as DD.MM.YYYY without shifting the day', () => {
    // YAML "2023-03-18" becomes UTC midnight; local formatting west of UTC would say 17.03.
    expect(formatStand(new Date('2023-03-18T00:00:00Z'))).toBe('18.03.2023');
    expect(formatStand(new Date('2026-01-05T23:59:59Z'))).toBe('05.01.2026');
    expect(isoDay(new Date('2023-03-18T00:00:00Z'))).toBe('2023-03-18');
  });
});

describe('placeholders', () => {
  it('inserts escaped company data and builds the links', () => {
    const values = legalPlaceholders(company, 'https://www.example.de');
    expect(values.firma).toBe('Muster &amp; Söhne &lt;GmbH&gt;');
    expect(values.anschrift).toBe('Teststraße 1, 12345 Musterstadt');
    expect(values.telefon).toBe('<a href="tel:+4930123456">030 1234-56</a>');
    expect(values.email).toBe('<a href="mailto:info@example.de">info@example.de</a>');
  });

  it('names the online withdrawal form by its full address on the origin the site is built for', () => {
    expect(legalPlaceholders(company, 'https://www.example.de')['online-widerrufsformular']).toBe(
      '<a href="https://www.example.de/online-widerrufsformular">https://www.example.de/online-widerrufsformular</a>',
    );
    // A local build names the local server: the address follows the configured origin, it is no literal.
    expect(legalPlaceholderTexts(company, 'http://127.0.0.1:4321')['online-widerrufsformular']).toBe('http://127.0.0.1:4321/online-widerrufsformular');
  });

  it('replaces every known placeholder, also with inner spaces', () => {
    const html = fillPlaceholders('<p>{{firma}}, {{ anschrift }}</p>', legalPlaceholders(site, 'https://www.example.de'));
    expect(html).toBe(`<p>${site.name}, ${site.address.street}, ${site.address.postalCode} ${site.address.city}</p>`);
  });

  it('fails on an unknown placeholder instead of publishing it', () => {
    expect(() => fillPlaceholders('<p>{{anschirft}}</p>', legalPlaceholders(site, 'https://www.example.de'))).toThrow(/anschirft/);
  });

  it('leaves text without placeholders untouched', () => {
    expect(fillPlaceholders('<p>{ einfach } {{}}</p>', {})).toBe('<p>{ einfach } {{}}</p>');
  });
});

describe('musterWiderrufsformularText', () => {
  const text = musterWiderrufsformularText(site);

  it('carries the statutory wording of Anlage 2 EGBGB', () => {
    for (const line of [
      'Muster-Widerrufsformular',
      '(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)',
      '– Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*)/die Erbringung der folgenden Dienstleistung (*)',
      '– Bestellt am (*)/erhalten am (*)',
      '– Name des/der Verbraucher(s)',
      '– Anschrift des/der Verbraucher(s)',
      '– Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)',
      '– Datum',
      '(*) Unzutreffendes streichen.',
    ]) {
      expect(text.split('\r\n')).toContain(line);
    }
  });

  it('names our company, address and e-mail from the site config', () => {
    expect(text).toContain(site.name);
    expect(text).toContain(site.address.street);
    expect(text).toContain(`${site.address.postalCode} ${site.address.city}`);
    expect(text).toContain(site.email);
  });

  it('uses CRLF line ends only', () => {
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  });
});
