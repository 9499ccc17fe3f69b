import { expect, expectNoAxeViolations, islandsReady, scrollToIsland, test } from './fixtures.ts';



test.describe('/preisliste', () => {
  test('shows every price of the price source gross first, the net price beside it, and what a contract costs per payment', async ({ page }) => {
    await page.goto('/preisliste');
    await expect(page.getByRole('heading', { level: 1, name: 'Preisliste' })).toBeVisible();

    const plus = page.getByRole('row', { name: /Webapp Business-Plus \(6 Monate\)/ });
    await expect(plus).toContainText('767,55 €');
    await expect(plus).toContainText('pro Monat');
    await expect(plus).toContainText('inkl. 19 % USt.');
    await expect(plus).toContainText('4.605,30 € je 6 Monate im Voraus');

    await expect(page.getByRole('row', { name: /^Softwareentwicklung/ })).toContainText('95,20 € pro Stunde inkl. 19 % USt.');
    await expect(page.getByRole('row', { name: /^Softwareentwicklung/ })).toContainText('netto 80,00 € zzgl. 19 % USt.');
    await expect(page.getByRole('row', { name: /^Backup wiederherstellen/ })).toContainText('20,00 € einmalig');
    // One price, so no 'ab' (issue 35).
    await expect(page.getByRole('row', { name: /^Zeiterfassung mieten/ })).toContainText('89,25 €');
    await expect(page.getByRole('row', { name: /^Zeiterfassung mieten/ })).not.toContainText('ab 89,25 €');
    // Issue 18: monthly price × 6 = term price (the SPEC's 492,66 € contradicted 6 × 90,00 €).
    const basis = page.getByRole('row', { name: /Webapp Basis \(6 Monate\)/ });
    await expect(basis).toContainText('90,00 € pro Monat');
    await expect(basis).toContainText('540,00 € je 6 Monate im Voraus');
    await expect(basis).not.toContainText('492,66');
    await expect(page.getByRole('row', { name: /Webapp Business \(6 Monate\)/ })).toContainText('1.278,00 € je 6 Monate im Voraus');
    await expect(page.getByRole('row', { name: /^Aufpreis On-Site-Hosting/ })).toContainText('105,00 € pro Monat');
    // The configurator's rates are the price list's: one price per service.
    await expect(page.getByRole('row', { name: /^Support nach Aufwand/ })).toContainText('89,25 € pro Stunde');
    await expect(page.getByRole('row', { name: /^Individuelle Anpassung/ })).toContainText('95,20 € pro Stunde inkl. 19 % USt.');
    await expect(page.getByRole('row', { name: /^Click-Dummy/ })).toContainText('107,10 € pro Monat inkl. 19 % USt.');
    await expect(page.getByRole('row', { name: /^Click-Dummy/ })).toContainText('netto 90,00 € zzgl. 19 % USt.');
    await expect(page.getByRole('row', { name: /^Individuelle Anwendung/ })).toContainText('auf Anfrage');

    // Every priced row shows the gross price with its VAT note before the net one.
    const priced = page.locator('tbody tr').filter({ hasNotText: 'auf Anfrage' });
    const count = await priced.count();
    expect(count).toBeGreaterThan(15);
    for (let index = 0; index < count; index += 1) {
      const text = (await priced.nth(index).textContent())!.replace(/\s+/g, ' ');
      expect(text.indexOf('inkl. 19 % USt.'), text).toBeGreaterThan(-1);
      expect(text.indexOf('inkl. 19 % USt.'), text).toBeLessThan(text.indexOf('netto'));
    }

    await expect(page.getByText('Jedes Paket enthält:')).toBeVisible();
    for (const feature of ['50 GB Speicherplatz', 'bis zu 15 Domains', '99 % Verfügbarkeit', 'kostenlose Demo bis zu 3 Monate']) {
      await expect(page.getByRole('listitem').filter({ hasText: new RegExp(`^${feature}$`) })).toHaveCount(1);
    }
    await expect(page.getByRole('region', { name: 'Laufzeiten und Kündigung' })).toContainText('auf unbestimmte Zeit weiter und ist jederzeit');
    await expect(page.getByRole('link', { name: 'Alle Domainendungen und Preise' })).toHaveAttribute('href', '/domains');
  });
});

test.describe('pages without interactive parts', () => {
  for (const path of ['/preisliste', '/domains']) {
    test(`${path} ships no island of its own`, async ({ page }) => {
      await page.goto(path);
      // The page shell is HTML with a small script (decision 0046): no island hydrates here.
      await expect(page.getByRole('button', { name: 'Login / Registrieren' })).toBeVisible();
      await expect(page.locator('astro-island')).toHaveCount(0);
    });

    test(`${path} scrolls its tables, never the page, on a phone`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    });
  }
});

test.describe('/domains', () => {
  test('lists the 11 endings in a table with the headers of SPEC §2', async ({ page }) => {
    await page.goto('/domains');
    const table = page.getByRole('table', { name: /Domainpreise/ });
    await expect(table.getByRole('columnheader')).toHaveText(['Domain', 'Mindestlaufzeit', 'Preis pro Jahr', 'Preis pro Monat', 'Details']);
    const rows = table.locator('tbody').getByRole('row');
    await expect(rows).toHaveCount(11);
    await expect(rows.getByRole('rowheader')).toHaveText(['.at', '.biz', '.ch', '.click', '.com', '.de', '.eu', '.info', '.link', '.net', '.org']);

    const de = table.getByRole('row', { name: /^\.de\b/ });
    await expect(de.getByRole('cell')).toHaveText(['1 Jahr', '12,00 €', '1,00 €', 'Details zu .de']);
    await expect(table.getByRole('row', { name: /^\.eu\b/ }).getByRole('cell')).toHaveText(['1 Jahr', '20,00 €', '1,67 €', 'Details zu .eu']);

    await de.getByRole('link', { name: 'Details zu .de' }).click();
    await expect(page).toHaveURL(/\/domains\/de$/);
  });
});

test.describe('/domains/{tld}', () => {
  test('/domains/de shows prices and terms', async ({ page }) => {
    await page.goto('/domains/de');
    await expect(page.getByRole('heading', { level: 1, name: 'Domain .de' })).toBeVisible();
    const facts = page.getByRole('definition');
    await expect(facts.filter({ hasText: /^12,00\s€$/ })).toHaveCount(1);
    await expect(facts.filter({ hasText: /^1,00\s€$/ })).toHaveCount(1);
    await expect(facts.filter({ hasText: /^1 Jahr$/ })).toHaveCount(1);
    // The terms per customer type, as checkout, mails and AGB state them.
    await expect(page.getByText('Danach läuft der Vertrag auf unbestimmte Zeit weiter und ist jederzeit mit einer Frist von 14 Tagen kündbar.', { exact: false })).toBeVisible();
    await expect(page.getByText('Danach verlängert sich der Vertrag jeweils um 1 Jahr', { exact: false })).toBeVisible();
    await expect(page.getByText('bis 14 Tage vor Laufzeitende')).toBeVisible();
    await expect(page.getByText('innerhalb von 24 bis 48 Stunden')).toBeVisible();
    await expect(page.getByText(/nur zusammen mit einer bei uns gebuchten Anwendung/)).toBeVisible();
    await expect(page.getByText(/Webspace und Mailserver bieten wir nicht an/)).toBeVisible();
    await expect(page.getByText('Buchstaben, auch ä, ö, ü und ß')).toBeVisible();
  });

  test('the name checker explains the character rule as the visitor types', async ({ page }) => {
    await page.goto('/domains/de');
    await islandsReady(page);
    const input = page.getByRole('textbox', { name: 'Wunschname vor „.de“' });
    await scrollToIsland(page, input);
    const status = page.getByRole('status').filter({ hasText: /./ });

    await input.fill('mein_laden');
    await expect(status).toHaveText('Unterstriche sind nicht erlaubt. Verwenden Sie stattdessen einen Bindestrich.');
    await expect(input).toHaveAttribute('aria-invalid', 'true');

    await input.fill('kraus.de');
    await expect(status).toContainText('ohne Punkt');

    await input.fill('Müller-Bau');
    await expect(status).toContainText('„müller-bau.de“ ist als Domainname zulässig');
    await expect(input).not.toHaveAttribute('aria-invalid');
  });

  test('puts an admissible name into the cart, where it keeps its name after a reload', async ({ page }) => {
    await page.goto('/domains/de');
    await islandsReady(page);
    const input = page.getByRole('textbox', { name: 'Wunschname vor „.de“' });
    await scrollToIsland(page, input);
    await input.fill('mein_laden');
    await expect(page.getByRole('button', { name: /in den Warenkorb$/ })).toHaveCount(0);
    await input.fill('Müller-Bau');
    await page.getByRole('button', { name: 'Domain müller-bau.de in den Warenkorb' }).click();
    await expect(page.getByRole('dialog')).toContainText('Domain müller-bau.de');
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe(JSON.stringify([{ id: 'domain-de:müller-bau', quantity: 1 }]));
  });

});

test.describe('endings without a page', () => {
  // The 404 page's own status shows up as a console error.
  test.use({ allowConsoleErrors: [/status of 404/] });

  for (const path of ['/domains/xyz', '/domains/DE', '/domains/de/extra']) {
    test(`${path} answers 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
    });
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const path of ['/preisliste', '/domains', '/domains/de']) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        await islandsReady(page);
        await expectNoAxeViolations(page);
      });
    }

    test('the name checker with an error message has no axe violations', async ({ page }) => {
      await page.goto('/domains/de');
      const input = page.getByRole('textbox', { name: 'Wunschname vor „.de“' });
      await scrollToIsland(page, input);
      await input.fill('mein_laden');
      await expect(page.getByRole('status').filter({ hasText: 'Unterstriche' })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
