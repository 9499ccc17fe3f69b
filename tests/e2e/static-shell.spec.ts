import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request, Route } from '@playwright/test';
import { builtPages, onePerTemplate, scriptEntries } from '../../scripts/quality/page-javascript.ts';
import { expect, islandsReady, test } from './fixtures.ts';

/**
 * The page shell of issue 22: every page's header, top bar, footer, cookie notice and chat button
 * are HTML that a small script keeps alive; React and the dialogs come on first use. Pages are
 * read from the build the server serves, so a new page is covered without a list to maintain.
 */
const dist = 'dist';
const pages = (await builtPages(dist)).map(({ route, file }) => ({ route, islands: scriptEntries(readFileSync(join(dist, file), 'utf8')).islands }));
const readingPages = pages.filter((p) => p.islands.length === 0).map((p) => p.route);

/** ARCHITECTURE §5: what a page a visitor only reads may load before the first interaction. */
const READING_PAGE_JS_BUDGET = 20_000;

test.describe('a page a visitor only reads', () => {
  test('loads at most 20 kB of JavaScript and asks /api nothing before the first interaction', async ({ browser }) => {
    test.slow();
    expect(readingPages.length).toBeGreaterThan(10);
    for (const route of readingPages) {
      // A fresh browser each time: a cached script would not count.
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts: Promise<number>[] = [];
      const api: string[] = [];
      const onRequest = (request: Request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/')) api.push(url.pathname);
        // Bytes as transferred (the server compresses like Netlify does).
        if (request.resourceType() === 'script') scripts.push(request.response().then(async (r) => (r ? (await r.request().sizes()).responseBodySize : 0)));
      };
      page.on('request', onRequest);
      await page.goto(route);
      await islandsReady(page);
      await page.mouse.wheel(0, 20_000); // scrolling is not an interaction with the page's controls
      await page.waitForLoadState('networkidle');
      await context.close();
      const bytes = (await Promise.all(scripts)).reduce((sum, n) => sum + n, 0);
      expect(bytes, `JavaScript von ${route}`).toBeGreaterThan(0);
      expect(bytes, `JavaScript von ${route}`).toBeLessThanOrEqual(READING_PAGE_JS_BUDGET);
      expect(api, `/api-Anfragen von ${route}`).toEqual([]);
    }
  });

  test('has every footer link in its HTML, without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const locale = JSON.parse(readFileSync('locales/de-footer.json', 'utf8')) as { footer: { links: { items: { url: string; active: boolean }[] }[] } };
    const active = locale.footer.links.flatMap((group) => group.items.filter((item) => item.active).map((item) => item.url));
    expect(active).toEqual(expect.arrayContaining(['/online-portale', '/produktkatalog', '/chat']));
    for (const route of ['/', '/agb']) {
      await page.goto(route);
      const footer = page.getByRole('contentinfo');
      for (const url of active) await expect(footer.locator(`a[href="${url}"]`), `${url} im Footer von ${route}`).toHaveCount(1);
      await expect(footer.locator('a[href="/kundenbereich"]')).toHaveCount(0); // inactive in the file
    }
    await context.close();
  });
});

/**
 * Holds the shell's script until `release()`: what a visitor does before it runs must not be lost.
 * The shell is the one module every page loads from BaseLayout.
 */
async function holdShell(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let releasing = false;
  await page.route(/\/_astro\/BaseLayout\.astro_astro_type_script/, (route) => {
    if (releasing) return route.continue();
    held.push(route);
  });
  return async () => {
    releasing = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

test.describe('the first click', () => {
  test('on "In den Warenkorb" before the shell runs puts the product in the cart and confirms it', async ({ page }) => {
    const release = await holdShell(page);
    await page.goto('/produktkatalog', { waitUntil: 'commit' });
    const buttons = page.getByRole('button', { name: /^In den Warenkorb:/ });
    await buttons.first().click();
    await buttons.nth(1).click();
    await release();
    await expect(page.getByRole('dialog', { name: 'Zum Warenkorb hinzugefügt' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Warenkorb, 2 Artikel' })).toBeVisible();
  });

  test('on login, cart, chat and theme before the shell runs is answered once it does', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookie-notice-v1', 'closed'));
    for (const [control, outcome] of [
      ['Login / Registrieren', () => page.getByRole('dialog', { name: 'Willkommen zurück' })],
      ['Warenkorb, 0 Artikel', () => page.getByRole('dialog', { name: 'Warenkorb' })],
      ['Chat Support öffnen', () => page.getByRole('dialog', { name: 'Chat Support' })],
    ] as const) {
      const release = await holdShell(page);
      await page.goto('/agb', { waitUntil: 'commit' });
      await page.getByRole('button', { name: control }).click();
      await release();
      await expect(outcome(), control).toBeVisible();
      await page.unrouteAll({ behavior: 'wait' });
    }
    const release = await holdShell(page);
    await page.goto('/agb', { waitUntil: 'commit' });
    const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await page.getByRole('button', { name: /Design aktivieren/ }).click();
    await release();
    await expect(page.locator('html')).toHaveClass(dark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  });

  test('on English and on "Verstanden" before the shell runs is answered once it does', async ({ page }) => {
    const release = await holdShell(page);
    await page.goto('/agb', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('region', { name: 'Hinweis zu Cookies' }).getByRole('button', { name: 'Verstanden' }).click();
    await release();
    await expect(page.getByText('English is not yet supported')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Hinweis zu Cookies' })).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie-notice-v1'))).toBe('closed');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });
    test('the menu button before the shell runs opens the menu once it does', async ({ page }) => {
      const release = await holdShell(page);
      await page.goto('/agb', { waitUntil: 'commit' });
      const menuButton = page.getByRole('button', { name: 'Menü öffnen' });
      await menuButton.click();
      await release();
      await expect(page.getByRole('navigation', { name: 'Mobile Navigation' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Menü schließen' })).toHaveAttribute('aria-expanded', 'true');
    });
  });

  test('while a dialog loads, its control says it is busy', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookie-notice-v1', 'closed'));
    await page.goto('/agb');
    await islandsReady(page);
    const held: Route[] = [];
    await page.route(/\/_astro\/LoginDialog\./, (route) => void held.push(route));
    const login = page.getByRole('button', { name: 'Login / Registrieren' });
    await login.click();
    await expect(login).toHaveAttribute('aria-busy', 'true');
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await Promise.all(held.map((route) => route.continue()));
    await expect(page.getByRole('dialog', { name: 'Willkommen zurück' })).toBeVisible();
    await expect(login).not.toHaveAttribute('aria-busy');
  });
});

test.describe('the cookie notice', () => {
  test('closes with Escape, and stays closed', async ({ page }) => {
    await page.goto('/agb');
    await islandsReady(page);
    const notice = page.getByRole('region', { name: 'Hinweis zu Cookies' });
    await expect(notice).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(notice).toBeHidden();
    await page.reload();
    await islandsReady(page);
    await expect(notice).toBeHidden();
  });

  test('carries the chat button from the first paint on, and lets it down when closed', async ({ page }) => {
    const release = await holdShell(page);
    await page.goto('/agb', { waitUntil: 'commit' });
    const notice = page.getByRole('region', { name: 'Hinweis zu Cookies' });
    const chat = page.getByRole('button', { name: 'Chat Support öffnen' });
    await expect(notice).toBeVisible();
    await expect(chat).toBeVisible();
    const viewport = page.viewportSize()!;
    // Before the shell runs, nothing has measured the notice: the button stands 20 px above it anyway.
    const before = { notice: (await notice.boundingBox())!, chat: (await chat.boundingBox())! };
    expect(before.notice.y + before.notice.height).toBe(viewport.height);
    expect(before.chat.y + before.chat.height).toBe(before.notice.y - 20);
    expect(before.chat.x + before.chat.width).toBe(viewport.width - 20);
    await release();
    await islandsReady(page);
    expect(await chat.boundingBox()).toEqual(before.chat);
    await notice.getByRole('button', { name: 'Verstanden' }).click();
    await expect(notice).toBeHidden();
    const after = (await chat.boundingBox())!;
    expect(after.y + after.height).toBe(viewport.height - 20);
  });

  test('does not close with the Escape that closes a dialog', async ({ page }) => {
    await page.goto('/agb');
    await islandsReady(page);
    await page.getByRole('button', { name: 'Login / Registrieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Willkommen zurück' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Hinweis zu Cookies' })).toBeVisible();
  });
});

test.describe('landmarks and ids', () => {
  test('the top bar and the chat button sit in landmarks; every id of a page is unique', async ({ page }) => {
    await page.goto('/agb');
    await expect(page.getByRole('navigation', { name: 'Konto' }).getByRole('button', { name: 'Login / Registrieren' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Support-Chat' }).getByRole('button', { name: 'Chat Support öffnen' })).toBeVisible();
    const duplicates = await page.evaluate(() => {
      const seen = new Map<string, number>();
      for (const element of document.querySelectorAll('[id]')) seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
      return [...seen].filter(([, count]) => count > 1).map(([id]) => id);
    });
    expect(duplicates).toEqual([]);
  });
});

/**
 * Tabs through a whole page and returns the focus stops whose element is entirely hidden by
 * something else on top (the cookie notice, the sticky header, the chat button): WCAG 2.2 SC 2.4.11.
 */
async function hiddenFocusStops(page: Page, route: string): Promise<{ stops: number; hidden: string[] }> {
  await page.goto(route);
  await islandsReady(page);
  await expect(page.getByRole('region', { name: 'Hinweis zu Cookies' })).toBeVisible();
  const hidden: string[] = [];
  let stops = 0;
  for (; stops < 600; stops++) {
    await page.keyboard.press('Tab');
    // Focus scrolling is instant under reduced motion; give the browser a frame to settle.
    const outcome = await page.evaluate(
      () =>
        new Promise<{ done: boolean; hidden?: string }>((resolve) =>
          requestAnimationFrame(() => {
            const focused = document.activeElement;
            if (!focused || focused === document.body) return resolve({ done: true });
            if (focused.closest('[role="dialog"]')) return resolve({ done: true }); // a dialog traps the focus on purpose
            const box = focused.getBoundingClientRect();
            if (box.width === 0 || box.height === 0) return resolve({ done: false });
            const inset = 2;
            const points = [
              [box.left + box.width / 2, box.top + box.height / 2],
              [box.left + inset, box.top + inset],
              [box.right - inset, box.top + inset],
              [box.left + inset, box.bottom - inset],
              [box.right - inset, box.bottom - inset],
            ].filter(([x, y]) => x! >= 0 && y! >= 0 && x! < innerWidth && y! < innerHeight);
            const seen = points.some(([x, y]) => {
              const hit = document.elementFromPoint(x!, y!);
              return hit !== null && (hit === focused || focused.contains(hit) || hit.contains(focused));
            });
            const name = `${focused.tagName.toLowerCase()} „${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40)}“`;
            resolve({ done: false, hidden: seen ? undefined : name });
          }),
        ),
    );
    if (outcome.done) break;
    if (outcome.hidden) hidden.push(outcome.hidden);
  }
  return { stops, hidden };
}

/** Pages that greet a logged-out visitor with the login dialog. */
const LOGIN_FIRST = new Set(['/agent/dashboard', '/settings']);

for (const viewport of [
  { name: 'Desktop', width: 1280, height: 1024 },
  { name: 'Telefon', width: 390, height: 844 },
]) {
  test.describe(`keyboard walk (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, reducedMotion: 'reduce' });
    // One test per page: the walk over all pages in one test took 7 of its 10 minutes on a busy runner.
    // One page of each page file: the domain pages share their template, and with it their focus order.
    for (const { route } of onePerTemplate(pages)) {
      test(`no focused element on ${route} is hidden under the cookie notice, the header or the chat button`, async ({ page }) => {
        test.setTimeout(120_000);
        const { stops, hidden } = await hiddenFocusStops(page, route);
        if (LOGIN_FIRST.has(route)) {
          // Logged out, the page opens the login dialog, which keeps the focus (its own specs walk it).
          await expect(page.getByRole('dialog')).toBeVisible();
        } else {
          // Skip link, logo, navigation, cart and footer at the least: the walk really went through the page.
          expect(stops).toBeGreaterThan(5);
        }
        expect(hidden).toEqual([]);
      });
    }
  });
}
