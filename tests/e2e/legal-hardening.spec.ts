import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures.ts';
import { routes } from './sweeps/site.ts';

/**
 * Issue 20: the withdrawal function beside the cancellation button on every page (§ 356a BGB),
 * the accessibility statement (BFSG) in every footer, honest claims (§ 5 UWG) and the AGB's
 * wording. Every built page is read as it is delivered, without JavaScript: both buttons and the
 * statement's link are plain HTML of the footer, so they work before or without hydration.
 */

/** The public origin the site was built for: the canonical link names it (astro.config.mjs `site`). */
async function builtOrigin(page: Page): Promise<string> {
  await page.goto('/widerrufsformular');
  return new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).origin;
}

/** Two identical words in a row within one line ("kündigen kündigen"). */
const DOUBLED_WORD = /(?<![\p{L}\d])([\p{L}\d]+)[^\S\n]+\1(?![\p{L}\d])/iu;

test.describe('every page, as delivered', () => {
  // One browser without JavaScript for all built pages and the 404 page.
  test.use({ javaScriptEnabled: false, allowConsoleErrors: [/status of 404/] });
  test.describe.configure({ timeout: 120_000 });

  test('shows "Verträge hier kündigen" and, just as visible, "Vertrag widerrufen" leading to the online form; links the accessibility statement; makes no forbidden claim', async ({ page }) => {
    expect(routes).toContain('/barrierefreiheit');
    const response404 = await page.request.get('/gibt-es-nicht');
    expect(response404.status()).toBe(404);
    for (const route of [...routes, '/gibt-es-nicht']) {
      await page.goto(route);
      const footer = page.getByRole('contentinfo');
      const cancel = footer.getByRole('link', { name: 'Verträge hier kündigen', exact: true });
      const withdraw = footer.getByRole('link', { name: 'Vertrag widerrufen', exact: true });
      await expect(cancel, route).toHaveAttribute('href', '/vertraege-kuendigen');
      await expect(withdraw, route).toHaveAttribute('href', '/online-widerrufsformular');
      await expect(cancel, route).toBeVisible();
      await expect(withdraw, route).toBeVisible();
      // Equally visible: the same button style, the same height.
      expect(await withdraw.getAttribute('class'), route).toBe(await cancel.getAttribute('class'));
      expect((await withdraw.boundingBox())?.height, route).toBe((await cancel.boundingBox())?.height);
      // The plain 'Online-Widerrufsformular' link of the legal links is gone; the button replaced it.
      await expect(footer.getByRole('link', { name: 'Online-Widerrufsformular' }), route).toHaveCount(0);
      await expect(footer.getByRole('navigation', { name: 'Rechtliches' }).getByRole('link', { name: 'Barrierefreiheit' }), route).toHaveAttribute(
        'href',
        '/barrierefreiheit',
      );
      const html = await page.content();
      expect(html, route).not.toMatch(/rechtssicher/iu);
      expect(html, route).not.toMatch(/Betrieb in Deutschland/iu);
    }
  });
});

test.describe('withdrawal (§ 356a BGB)', () => {
  test('the footer button leads straight to the online withdrawal form', async ({ page }) => {
    await page.goto('/preisliste');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Vertrag widerrufen' }).click();
    await expect(page).toHaveURL(/\/online-widerrufsformular$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Online-Widerrufsformular' })).toBeVisible();
  });

  test('the Widerrufsbelehrung names the withdrawal function and the form\'s full address; the special notes come after it', async ({ page }) => {
    const origin = await builtOrigin(page);
    const main = page.getByRole('main');
    const address = `${origin}/online-widerrufsformular`;
    await expect(main).toContainText(`Die Schaltfläche „Vertrag widerrufen“ unten auf jeder Seite unserer Webseite führt zum Online-Widerrufsformular unter der Internetadresse ${address}.`);
    await expect(main.getByRole('link', { name: address, exact: true })).toHaveAttribute('href', address);
    await expect(main.getByRole('link', { name: 'Vertrag widerrufen', exact: true })).toHaveAttribute('href', '/online-widerrufsformular');

    // The order of the text's own lines: heading of the Belehrung, its end, the notes, the sample
    // form (in the article: the contents beside it list the headings first).
    const lines = (await main.getByRole('article').innerText()).split('\n').map((line) => line.trim());
    const belehrung = lines.indexOf('Widerrufsbelehrung');
    const end = lines.indexOf('Ende der Widerrufsbelehrung');
    const notes = lines.indexOf('Besondere Hinweise');
    expect(belehrung).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(belehrung);
    expect(notes, '„Besondere Hinweise“ erst nach dem Ende der Belehrung').toBeGreaterThan(end);
    expect(lines.indexOf('Muster-Widerrufsformular')).toBeGreaterThan(notes);
    await expect(main.getByRole('heading', { level: 2, name: 'Besondere Hinweise' })).toBeVisible();
  });
});

test.describe('Erklärung zur Barrierefreiheit (BFSG)', () => {
  test('is reached from the footer and says how the site complies, its limits, where to give feedback and the authority', async ({ page }) => {
    await page.goto('/agb');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Barrierefreiheit' }).click();
    await expect(page).toHaveURL(/\/barrierefreiheit$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erklärung zur Barrierefreiheit');
    await expect(page.getByText(/^Stand: \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
    const main = page.getByRole('main');
    for (const heading of ['Wie wir die Anforderungen erfüllen', 'So prüfen wir die Barrierefreiheit', 'Bekannte Einschränkungen', 'Barrieren melden', 'Zuständige Marktüberwachungsbehörde']) {
      await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    for (const term of ['WCAG', 'EN 301 549', 'axe-core', 'Lighthouse', 'Tastatur', 'kein getaggtes PDF', 'Code als Text anzeigen', 'Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF)', 'Magdeburg']) {
      await expect(main, term).toContainText(term);
    }
    // The feedback paths the team answers: its mailbox and the start page's contact form.
    await expect(main.getByRole('link', { name: 'info@kraus-webentwicklung.de' })).toHaveAttribute('href', 'mailto:info@kraus-webentwicklung.de');
    await main.getByRole('link', { name: 'Kontaktformular auf unserer Startseite' }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Kontakt', exact: true })).toBeVisible();
  });

  test('has no axe violations', async ({ page }) => {
    await page.goto('/barrierefreiheit');
    await expectNoAxeViolations(page);
  });
});

test.describe('honest claims (§ 5, § 5b UWG)', () => {
  test('the years on the market agree on the start page and the about page', async ({ page }) => {
    const years: string[] = [];
    await page.goto('/');
    const start = page.getByRole('main');
    years.push(/(\d+)\+\s*Jahre am Markt/u.exec(await start.locator('#statistics').innerText())![1]!);
    years.push(/seit mehr als (\d+) Jahren\s+mit eigenen Hosting- und Mietangeboten am Markt/u.exec(await start.locator('#about').innerText())![1]!);
    await page.goto('/ueber-uns');
    const about = page.getByRole('main');
    const fact = about.locator('dl > div').filter({ has: page.getByText('Jahre am Markt', { exact: true }) });
    years.push(/^(\d+)\+$/u.exec((await fact.locator('dd').innerText()).trim())![1]!);
    years.push(/seit mehr als (\d+) Jahren eigene Hosting- und Mietangebote am Markt/u.exec(await about.innerText())![1]!);
    expect(years).toEqual(['9', '9', '9', '9']);
  });

  test('the testimonials and their stars stand with the statement how they are checked', async ({ page }) => {
    await page.goto('/');
    const slider = page.getByRole('region', { name: 'Stimmen unserer Hosting-Kunden' });
    const stars = slider.getByRole('img', { name: 'Bewertung: 5 von 5 Sternen' });
    await expect(stars).toHaveAccessibleDescription(/^Hinweis zu den Kundenstimmen: .*Wir prüfen nicht in einem eigenen Verfahren, ob eine Bewertung von einem Kunden stammt/u);
    await expect(slider.getByText(/^Hinweis zu den Kundenstimmen:/u)).toBeVisible();
  });

  test('the about page says where the site is hosted, as the privacy policy does', async ({ page }) => {
    await page.goto('/ueber-uns');
    const hosting = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Hosting bei Netlify und Neon' }) });
    await expect(hosting).toContainText('Beide Anbieter haben ihren Sitz in den USA');
    await page.goto('/datenschutz');
    await expect(page.getByRole('main')).toContainText(/Netlify \(Netlify, Inc\.\) und Neon \(Neon, Inc\.\) haben ihren Sitz in den USA/u);
  });
});

test.describe('AGB', () => {
  test('have no doubled word and keep liability for intent, gross negligence and injury to life, body or health', async ({ page }) => {
    await page.goto('/agb');
    const main = page.getByRole('main');
    const text = await main.innerText();
    expect(DOUBLED_WORD.exec(text)?.[0] ?? null, 'verdoppeltes Wort').toBeNull();
    // The data-loss clause (§ 14 Abs. 5) limits only slight negligence (§ 309 Nr. 7 a, b BGB).
    await expect(main).toContainText('Bei leicht fahrlässig verursachtem Datenverlust haften wir nur');
    await expect(main).toContainText('Diese Beschränkung gilt nicht bei Vorsatz und grober Fahrlässigkeit und nicht bei der Verletzung des Lebens, des Körpers oder der Gesundheit');
    // § 7 Abs. 1: only businesses forfeit unused support hours; consumers keep them or are refunded.
    await expect(main).toContainText('Unternehmern verfallen nicht verbrauchte Stunden einer Pauschale am Ende des jeweiligen Monats. Verbrauchern verfallen sie nicht');
    // § 4: gross prices first, as the price list and the shop show them.
    await expect(main).toContainText('Wir nennen jeden Preis zuerst als Endpreis in Euro einschließlich der gesetzlichen Umsatzsteuer (Bruttopreis)');
    await expect(main.getByRole('link', { name: 'Kündigungsformular' })).toHaveAttribute('href', '/vertraege-kuendigen');
  });

  test('the doubled-word check catches the old wording', () => {
    expect(DOUBLED_WORD.exec('über die Seite Verträge kündigen kündigen (§ 312k BGB)')?.[1]).toBe('kündigen');
    expect(DOUBLED_WORD.exec('§ 6 Domains\nDomains registrieren')).toBeNull();
  });
});
