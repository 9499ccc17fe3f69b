import type { Page } from '@playwright/test';
import { productLinks } from '../../src/components/shell/navigation.ts';
import { expect, islandsReady, test } from './fixtures.ts';
import { logInAsDemoAgent } from './sweeps/site.ts';

test.describe('cookie banner', () => {
  test('closes and stays hidden after a reload', async ({ page }) => {
    await page.goto('/');
    await islandsReady(page);
    const banner = page.getByRole('region', { name: 'Hinweis zu Cookies' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');
    await banner.getByRole('button', { name: 'Verstanden' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie-notice-v1'))).toBe('closed');
    await page.reload();
    await islandsReady(page);
    await expect(page.getByRole('button', { name: /Design aktivieren/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(banner).toBeHidden();
  });
});

test.describe('theme', () => {
  test('follows the system preference while nothing is stored', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await islandsReady(page);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Helles Design aktivieren' })).toBeVisible();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Dunkles Design aktivieren' })).toBeVisible();
  });

  test('a chosen theme persists across reloads and ignores later system changes', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await islandsReady(page);
    await page.getByRole('button', { name: 'Dunkles Design aktivieren' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await islandsReady(page);
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Helles Design aktivieren' })).toBeVisible();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveClass(/dark/);
  });
});

test.describe('header', () => {
  test('English shows the notice for 2.5 s and the page stays German', async ({ page }) => {
    await page.goto('/');
    await islandsReady(page);
    // From here the page's clock is driven by the test: the duration is checked exactly, whatever the load.
    await page.clock.install();
    // Time stands still until the test moves it.
    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByRole('banner').getByRole('button', { name: 'English' }).first().click();
    const notice = page.getByText('English is not yet supported');
    await page.clock.runFor(100);
    await expect(notice).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.clock.runFor(2300);
    await expect(notice).toBeVisible();
    await page.clock.runFor(200);
    await expect(notice).toBeHidden();
    await expect(page.getByRole('link', { name: 'So funktioniert es' }).first()).toBeVisible();
  });

  test('navigation links and the hero button point to the landing anchors', async ({ page }) => {
    await page.goto('/');
    await islandsReady(page);
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('link', { name: 'Warum?' })).toHaveAttribute('href', '/#services');
    await expect(nav.getByRole('link', { name: 'So funktioniert es' })).toHaveAttribute('href', '/#howItWorks');
    await expect(nav.getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', '/#contact');
    await page.getByRole('link', { name: 'Erstelle Click-Dummy' }).click();
    await expect(page).toHaveURL(/#clickDummy$/);
    await expect(page.locator('#clickDummy')).toBeInViewport();
  });

  test('the cart badge shows the stored item count', async ({ page }) => {
    await page.goto('/');
    await islandsReady(page);
    await page.evaluate(() => localStorage.setItem('cart', JSON.stringify([{ id: 'webapp-basis-1m', quantity: 2 }, { id: 'restore-backup', quantity: 1 }])));
    await page.reload();
    await islandsReady(page);
    await expect(page.getByRole('button', { name: 'Warenkorb, 3 Artikel' })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('cart', 'kein json'));
    await page.reload();
    await islandsReady(page);
    await expect(page.getByRole('button', { name: 'Warenkorb, 0 Artikel' })).toBeVisible();
  });

  test('takes the scrolled style after 10 px', async ({ page }) => {
    await page.goto('/');
    await islandsReady(page);
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
  });

  test('the mobile menu opens and closes with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await islandsReady(page);
    const toggle = page.getByRole('button', { name: 'Menü öffnen' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Mobile Navigation' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Menü schließen' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeFocused();
  });

  test('the top bar offers login when logged out', async ({ page }) => {
    await page.goto('/');
    await islandsReady(page);
    await expect(page.getByRole('button', { name: 'Login / Registrieren' })).toBeVisible();
  });
});

/** Issue 36: what we sell, in SPEC §2's header, with the spec's three anchors unchanged. */
const soldLinks = [
  ['Webapp-Pakete', '/webapp'],
  ['Produktkatalog', '/produktkatalog'],
  ['Auftragskonfigurator', '/auftragskonfigurator'],
  ['Click-Dummy', '/#clickDummy'],
  ['Preisliste', '/preisliste'],
  ['Warum?', '/#services'],
  ['So funktioniert es', '/#howItWorks'],
  ['Kontakt', '/#contact'],
] as const;

test('the navigation data names every product link the tests expect', () => {
  expect(productLinks.map((link) => [link.label, link.href])).toEqual(soldLinks.slice(0, 4));
});

/** Each of the header's links by its name (a product link's name also carries its one-line text). */
async function expectSoldLinks(page: Page, nav: ReturnType<Page['getByRole']>) {
  for (const [label, href] of soldLinks) {
    const link = nav.getByRole('link', { name: label === 'Kontakt' ? 'Kontakt' : new RegExp(`^${label.replace('?', '\\?')}`), exact: label === 'Kontakt' });
    await expect(link, label).toBeVisible();
    await expect(link, label).toHaveAttribute('href', href);
  }
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test.describe(`desktop header at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('leads to the products, the price list, the configurator, the click dummy and contact, in one row', async ({ page }) => {
      await page.goto('/agb');
      await islandsReady(page);
      const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
      const products = nav.getByRole('button', { name: 'Produkte' });
      await expect(products).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('#products-menu')).toBeHidden();
      await products.click();
      await expect(products).toHaveAttribute('aria-expanded', 'true');
      await expectSoldLinks(page, nav);
      // The bar holds navigation and controls side by side: nothing wraps or overlaps.
      const navBox = (await nav.boundingBox())!;
      const cartBox = (await page.getByRole('button', { name: /^Warenkorb/ }).boundingBox())!;
      expect(navBox.height).toBeLessThanOrEqual(44);
      expect(navBox.x + navBox.width).toBeLessThanOrEqual(cartBox.x);
      await nav.getByRole('link', { name: /^Click-Dummy/ }).click();
      await expect(page).toHaveURL(/\/#clickDummy$/);
      await expect(page.locator('#clickDummy')).toBeInViewport();
    });
  });
}

test.describe('the Produkte menu', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('opens by keyboard, closes with Escape, by a click outside and when the focus leaves it', async ({ page }) => {
    await page.goto('/');
    await islandsReady(page);
    const products = page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('button', { name: 'Produkte' });
    const menu = page.locator('#products-menu');
    await products.focus();
    await page.keyboard.press('Enter');
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: /^Webapp-Pakete/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(products).toBeFocused();
    await expect(products).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();
    await page.getByRole('main').click({ position: { x: 5, y: 400 } });
    await expect(menu).toBeHidden();

    await products.click();
    await expect(menu).toBeVisible();
    for (let i = 0; i <= productLinks.length; i++) await page.keyboard.press('Tab');
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Preisliste' })).toBeFocused();
    await expect(menu).toBeHidden();
  });

  test('a same-page link closes it', async ({ page }) => {
    await page.goto('/');
    await islandsReady(page);
    await page.getByRole('button', { name: 'Produkte' }).click();
    await page.locator('#products-menu').getByRole('link', { name: /^Click-Dummy/ }).click();
    await expect(page).toHaveURL(/#clickDummy$/);
    await expect(page.locator('#products-menu')).toBeHidden();
  });

  test('without JavaScript a link to the catalogue stands in for it', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto('/agb');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('button', { name: 'Produkte' })).toBeHidden();
    await expect(nav.getByRole('link', { name: 'Produkte' })).toHaveAttribute('href', '/produktkatalog');
    await expect(nav.getByRole('link', { name: 'Preisliste' })).toBeVisible();
    await context.close();
  });
});

test.describe('the phone menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('leads to everything the desktop header does', async ({ page }) => {
    await page.goto('/agb');
    await islandsReady(page);
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await expectSoldLinks(page, page.getByRole('navigation', { name: 'Mobile Navigation' }));
  });

  for (const [label, anchor] of [
    ['Kontakt', 'contact'],
    ['Click-Dummy', 'clickDummy'],
  ] as const) {
    test(`closes when '${label}' is tapped, though the link only scrolls the landing page`, async ({ page }) => {
      await page.goto('/');
      await islandsReady(page);
      await page.getByRole('button', { name: 'Menü öffnen' }).click();
      const menu = page.getByRole('navigation', { name: 'Mobile Navigation' });
      await menu.getByRole('link', { name: label === 'Kontakt' ? 'Kontakt' : /^Click-Dummy/, exact: label === 'Kontakt' }).click();
      await expect(page).toHaveURL(new RegExp(`#${anchor}$`));
      await expect(menu).toBeHidden();
      await expect(page.getByRole('button', { name: 'Menü öffnen' })).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator(`#${anchor}`)).toBeInViewport();
    });
  }
});

test.describe('the header login button', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('is hidden while logged in, from the first paint of the next page on, and back after logout', async ({ page }) => {
    const login = page.getByRole('banner').getByRole('button', { name: 'Login', exact: true });
    await page.goto('/agb');
    await islandsReady(page);
    await expect(login).toBeVisible();
    await logInAsDemoAgent(page);
    await expect(login).toBeHidden();

    // The next page, painted before its shell script runs: the signed-in hint already hides the button.
    await page.route(/\/_astro\/BaseLayout\.astro_astro_type_script/, () => undefined);
    await page.goto('/agb', { waitUntil: 'commit' });
    await expect(page.getByRole('navigation', { name: 'Konto' })).toBeVisible();
    await expect(login).toBeHidden();
    await expect(page.getByRole('button', { name: 'Login / Registrieren' })).toBeHidden();
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await page.goto('/agb');
    await islandsReady(page);
    await expect(page.getByText('Willkommen, Demo-Agent! (agent)')).toBeVisible();
    await expect(login).toBeHidden();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(login).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login / Registrieren' })).toBeVisible();
  });
});

test.describe('footer', () => {
  test('shows active links from the locale file and hides inactive ones', async ({ page }) => {
    await page.goto('/');
    await islandsReady(page);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Webapp-Pakete' })).toHaveAttribute('href', '/webapp');
    await expect(footer.getByRole('link', { name: 'Über uns' })).toBeVisible();
    await expect(footer.getByText('Kundenbereich')).toHaveCount(0);
    await expect(footer.getByRole('link', { name: 'Verträge hier kündigen' })).toHaveAttribute('href', '/vertraege-kuendigen');
    await expect(footer.getByText('Alle Preise inkl. der gesetzlichen Mehrwertsteuer.')).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Preisliste' })).toHaveAttribute('href', '/preisliste');
    await expect(footer.getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
  });

  test('the cancellation link is in the HTML without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    // The footer's button (the landing page's Transparenz section links there too).
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Verträge hier kündigen' })).toHaveAttribute('href', '/vertraege-kuendigen');
    await context.close();
  });
});

test.describe('routing', () => {
  // The browser logs the 404 status of the document itself.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test('an unknown path answers 404 with the German page', async ({ page }) => {
    const response = await page.goto('/gibt-es-nicht');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
    await expect(page).toHaveTitle(/Seite nicht gefunden/);
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an alias redirects permanently to the German path', async ({ request }) => {
    const response = await request.get('/about', { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()['location']).toBe('/ueber-uns');
  });

  test('pages carry the security headers', async ({ request }) => {
    const response = await request.get('/');
    const headers = response.headers();
    const csp = headers['content-security-policy']!;
    expect(csp).toContain("frame-ancestors 'none'");
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'))!.trim().split(/\s+/);
    expect(scriptSrc).toContain("'self'");
    // The hashcash worker compiles WebAssembly; eval stays forbidden.
    expect(scriptSrc).toContain("'wasm-unsafe-eval'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(headers['strict-transport-security']).toContain('max-age=');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  test('the CSP lets pages compile WebAssembly but not eval strings', async ({ page }) => {
    await page.goto('/');
    // Without 'wasm-unsafe-eval' the hashcash worker would silently fall back to the slower JS search.
    const outcome = await page.evaluate(async () => ({
      wasm: await WebAssembly.compile(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00])).then(
        () => 'kompiliert',
        () => 'verweigert',
      ),
      eval: (() => {
        try {
          return String(eval('1 + 1'));
        } catch {
          return 'verweigert';
        }
      })(),
    }));
    expect(outcome).toEqual({ wasm: 'kompiliert', eval: 'verweigert' });
  });

  test('serves the locale files as JSON', async ({ request }) => {
    type Footer = { footer: { links: unknown[] } };
    type Products = { products: unknown[] };
    const expected: Record<string, (body: unknown) => number> = {
      'de-footer.json': (body) => (body as Footer).footer.links.length,
      'en-footer.json': (body) => (body as Footer).footer.links.length,
      'de-prompts.json': (body) => (body as unknown[]).length,
      'de-products.json': (body) => (body as Products).products.length,
      'en-products.json': (body) => (body as Products).products.length,
    };
    for (const [file, count] of Object.entries(expected)) {
      const response = await request.get(`/locales/${file}`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('application/json');
      expect(count(await response.json())).toBeGreaterThan(0);
    }
  });
});
