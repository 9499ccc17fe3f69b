import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';


const legalPages = [
  { path: '/agb', title: 'Allgemeine Geschäftsbedingungen (AGB)', stand: '29.11.2026' },
  { path: '/impressum', title: 'Impressum' },
  { path: '/datenschutz', title: 'Datenschutzerklärung' },
  { path: '/widerrufsformular', title: 'Widerrufsbelehrung und Muster-Widerrufsformular' },
  { path: '/barrierefreiheit', title: 'Erklärung zur Barrierefreiheit' },
] as const;

/** Keeps the fixed cookie notice from covering the controls under test. */
async function dismissCookieNotice(page: Page) {
  await page.addInitScript(() => localStorage.setItem('cookie-notice-v1', 'closed'));
}

test.describe('legal pages', () => {
  for (const legal of legalPages) {
    test(`${legal.path} answers 200 with one h1, the Stand date, header and footer`, async ({ page }) => {
      const response = await page.goto(legal.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title);
      await expect(page.getByText(/^Stand: \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
      if ('stand' in legal) await expect(page.getByText(`Stand: ${legal.stand}`)).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('main')).not.toContainText('{{');
    });
  }

  test('the AGB contain the contract, payment and service terms', async ({ page }) => {
    await page.goto('/agb');
    const main = page.getByRole('main');
    for (const term of [
      'Stand: 29.11.2026',
      'ab einem Rechnungsbetrag von 10,00 EUR',
      'SEPA-Lastschrift',
      'PayPal',
      'Widerrufsrecht von 14 Tagen',
      'Ein freiwilliges Widerrufs- oder Rückgaberecht räumen wir Unternehmern nicht ein',
      'Frist von 10 Tagen',
      // § 309 Nr. 9 BGB: consumers' contracts run on indefinitely after the minimum term; businesses renew by the term.
      'laufen nach Ablauf der Mindestlaufzeit auf unbestimmte Zeit',
      'jederzeit mit einer Frist von 10 Tagen',
      'verlängern sich jeweils um die Mindestlaufzeit',
      'für jeden Abrechnungszeitraum im Voraus',
      'Unternehmern berechnen wir die angegebenen Nettopreise zuzüglich der gesetzlichen Umsatzsteuer',
      'Click-Dummy-Anfrage über unsere Startseite ist kostenlos und unverbindlich',
      'nur die Differenz',
      '10 Tage nach Erhalt',
      'innerhalb von 2 Tagen',
      // § 3 (decision 0053): which orders we accept at once, which we review, and what a lapse means.
      'nehmen wir sie mit dieser E-Mail zugleich an („Bestellbestätigung und Auftragsbestätigung“)',
      'prüfen wir sie vor der Annahme',
      'ist der Kunde nicht mehr an sie gebunden, der Vertrag kommt nicht zustande',
      'Vor der Annahme erbringen wir keine Leistung und stellen nichts in Rechnung',
      'innerhalb von 48 Stunden',
      'innerhalb von 24 bis 48 Stunden',
      'innerhalb von 72 Stunden',
      'Webspace und Mailserver bieten wir nicht an',
      'bis 14 Tage vor dem Ende der Mindestlaufzeit',
      'jederzeit mit einer Frist von 14 Tagen',
      '50 GB Speicherplatz',
      'bis zu 15 Domains',
      'Verfügbarkeit von 99 %',
      'bis zu 3 Monate kostenlos',
      'monatliche Pauschale',
      'nach Aufwand',
    ]) {
      await expect(main, term).toContainText(term);
    }
    // No clause extends a consumer's contract tacitly by another term any more.
    await expect(main).not.toContainText('verlängert er sich automatisch');
    await expect(main).not.toContainText('zum Ende der folgenden Laufzeit');
    await expect(main.getByRole('heading', { level: 2, name: '§ 1 Geltungsbereich' })).toBeVisible();
  });

  test('the imprint has the § 5 DDG details from the site config and no ODR link', async ({ page }) => {
    await page.goto('/impressum');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Angaben gemäß § 5 DDG' })).toBeVisible();
    for (const text of [
      'Kraus Webentwicklung GmbH',
      'Hansaring 61',
      '50670 Köln',
      'Martin Kraus',
      '0221 987654-30',
      'info@kraus-webentwicklung.de',
      'Amtsgericht Köln',
      'HRB 104512',
      '§ 27a UStG',
      'DE318456202',
      '§ 18 Abs. 2 MStV',
      '§ 36 VSBG',
      'nicht bereit und nicht verpflichtet',
    ]) {
      await expect(main, text).toContainText(text);
    }
    await expect(main).not.toContainText('TMG');
    await expect(page.locator('a[href*="ec.europa.eu/consumers/odr"]')).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'info@kraus-webentwicklung.de' })).toHaveAttribute(
      'href',
      'mailto:info@kraus-webentwicklung.de',
    );
  });

  test('the privacy policy names controller, legal bases, cookies, recipients and rights', async ({ page }) => {
    await page.goto('/datenschutz');
    const main = page.getByRole('main');
    for (const text of [
      'Kraus Webentwicklung GmbH, Hansaring 61, 50670 Köln',
      'Art. 6 Abs. 1 lit. b DSGVO',
      'Art. 6 Abs. 1 lit. c DSGVO',
      'Art. 6 Abs. 1 lit. f DSGVO',
      'Netlify',
      'Neon',
      'IONOS SE, Elgendorfer Straße 57, 56410 Montabaur (Ort der Verarbeitung: Deutschland) als E-Mail-Versanddienstleister',
      'Angemessenheitsbeschluss der EU-Kommission vom 10. Juli 2023 (Art. 45 Abs. 1 DSGVO)',
      'Art. 46 Abs. 2 lit. c DSGVO',
      'Art. 15 DSGVO',
      'Art. 21 DSGVO',
      'Art. 77 DSGVO',
    ]) {
      await expect(main, text).toContainText(text);
    }
    // Each essential cookie is listed under its exact name.
    for (const cookie of ['visitor_id', 'csrf_token', 'captcha_id', 'session', 'signed_in', 'google_sign_in']) {
      await expect(main.getByText(cookie, { exact: true }), cookie).toBeVisible();
    }
    // The text's own link; the contents beside it link the section's heading.
    await expect(main.getByRole('article').getByRole('link', { name: /AV-Vertrag/ })).toHaveAttribute('href', '/av-vertrag');
    await expect(main.getByRole('heading', { level: 2, name: /Widerspruch gegen Reichweitenmessung/ })).toBeVisible();
    // The storage list refers to the section that holds the objection.
    await expect(main.getByRole('heading', { level: 2, name: /^11\. Widerspruch gegen Reichweitenmessung/ })).toBeVisible();
    await expect(main.getByRole('listitem').filter({ hasText: /^tracking-opt-out/ })).toContainText('(Abschnitt 11)');
  });

  test('the tracking objection is stored, announced and survives a reload', async ({ page }) => {
    await dismissCookieNotice(page);
    await page.goto('/datenschutz');
    const toggle = page.getByRole('checkbox', { name: 'Ich widerspreche der Reichweitenmessung in diesem Browser' });
    await toggle.scrollIntoViewIfNeeded();
    await expect(toggle).toBeEnabled();
    await expect(toggle).not.toBeChecked();
    const status = page.getByRole('status').filter({ hasText: /Widerspruch/ });
    await expect(status).toHaveText('Kein Widerspruch gespeichert.');

    await toggle.check();
    await expect(status).toHaveText(/^Widerspruch gespeichert/);
    expect(await page.evaluate(() => localStorage.getItem('tracking-opt-out'))).toBe('true');

    await page.reload();
    await toggle.scrollIntoViewIfNeeded();
    await expect(toggle).toBeEnabled();
    await expect(toggle).toBeChecked();
    await expect(status).toHaveText(/^Widerspruch gespeichert/);

    await toggle.uncheck();
    await expect(status).toHaveText('Kein Widerspruch gespeichert.');
    expect(await page.evaluate(() => localStorage.getItem('tracking-opt-out'))).toBeNull();
  });

  test('the legal pages without interaction ship no island of their own', async ({ request }) => {
    for (const path of ['/agb', '/impressum', '/widerrufsformular', '/barrierefreiheit']) {
      const html = await (await request.get(path)).text();
      expect(html, path).not.toContain('TrackingOptOut');
    }
    const privacy = await (await request.get('/datenschutz')).text();
    expect(privacy).toMatch(/<astro-island[^>]*component-url="[^"]*TrackingOptOut[^"]*"[^>]*client="visible"/);
  });

  test('the withdrawal page has the statutory texts, the download and the online form link', async ({ page }) => {
    await page.goto('/widerrufsformular');
    const main = page.getByRole('main');
    await expect(main).toContainText('binnen vierzehn Tagen ohne Angabe von Gründen');
    await expect(main).toContainText('Folgen des Widerrufs');
    await expect(main.getByRole('heading', { name: 'Muster-Widerrufsformular', exact: true })).toBeVisible();
    await expect(main).toContainText('(*) Unzutreffendes streichen.');
    await expect(main).toContainText('An Kraus Webentwicklung GmbH, Hansaring 61, 50670 Köln');

    const download = main.getByRole('link', { name: 'Muster-Widerrufsformular herunterladen (TXT)' });
    await expect(download).toHaveAttribute('href', '/muster-widerrufsformular.txt');
    await expect(download).toHaveAttribute('download', /\.txt$/);
    await expect(main.getByRole('link', { name: 'Zum Online-Widerrufsformular' })).toHaveAttribute(
      'href',
      '/online-widerrufsformular',
    );
    await expect(main.getByRole('link', { name: 'Online-Widerrufsformular', exact: true })).toHaveAttribute(
      'href',
      '/online-widerrufsformular',
    );
  });

  test('the sample withdrawal form downloads as UTF-8 text with our address', async ({ page, request }) => {
    const response = await request.get('/muster-widerrufsformular.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain; charset=utf-8$/i);
    const text = await response.text();
    expect(text).toContain('Muster-Widerrufsformular');
    expect(text).toContain('Hansaring 61');
    expect(text).toContain('50670 Köln');
    expect(text).toContain('(*) Unzutreffendes streichen.');

    // The link really downloads: the browser saves the file instead of navigating.
    await dismissCookieNotice(page);
    await page.goto('/widerrufsformular');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Muster-Widerrufsformular herunterladen (TXT)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('muster-widerrufsformular.txt');
  });

  test('the contents list every section of a legal text, link to it and stay in view beside it on desktop', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/agb');
    const contents = page.getByRole('navigation', { name: 'Inhalt' });
    const sections = page.getByRole('main').getByRole('article').getByRole('heading', { level: 2 });
    const names = await sections.allInnerTexts();
    expect(names.length).toBeGreaterThanOrEqual(17);
    await expect(contents.getByRole('link')).toHaveText(names);
    // A link lands on its section below the sticky header.
    await contents.getByRole('link', { name: '§ 9 Laufzeit, Verlängerung und Kündigung' }).click();
    await expect(page).toHaveURL(/#-9-laufzeit/u);
    const section = page.getByRole('heading', { level: 2, name: '§ 9 Laufzeit, Verlängerung und Kündigung' });
    await expect(section).toBeInViewport();
    expect((await section.boundingBox())!.y).toBeGreaterThanOrEqual((await page.getByRole('banner').boundingBox())!.height);
    // Deep in the text the contents are still on screen, left of the text.
    await expect(contents).toBeInViewport();
    expect((await contents.boundingBox())!.x + (await contents.boundingBox())!.width).toBeLessThan((await section.boundingBox())!.x);
  });

  test('the Impressum lists its own mandatory details first in the contents', async ({ page }) => {
    await page.goto('/impressum');
    const links = page.getByRole('navigation', { name: 'Inhalt' }).getByRole('link');
    await expect(links.first()).toHaveText('Angaben gemäß § 5 DDG');
    await expect(links.first()).toHaveAttribute('href', '#angaben');
    await expect(links).toHaveText(await page.getByRole('main').getByRole('heading', { level: 2 }).filter({ hasNot: page.getByText('Inhalt', { exact: true }) }).allInnerTexts());
  });

  test('a legal text reads at about 70 characters a line, on a phone without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/datenschutz');
    const paragraph = page.getByRole('main').getByRole('article').locator('p').first();
    expect((await paragraph.boundingBox())!.width).toBeLessThanOrEqual(768);
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto('/agb');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  for (const [alias, target] of [
    ['/terms', '/agb'],
    ['/privacy', '/datenschutz'],
  ] as const) {
    test(`${alias} redirects permanently to ${target}`, async ({ request }) => {
      const response = await request.get(alias, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(new URL(response.headers()['location'] ?? '', 'http://x').pathname).toBe(target);
    });
  }
});


for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`legal pages in the ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const legal of legalPages) {
      test(`${legal.path} has no axe violations`, async ({ page }) => {
        await page.goto(legal.path);
        await expectNoAxeViolations(page);
      });
    }
  });
}
