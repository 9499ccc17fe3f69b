import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { chatTexts } from '../../src/lib/chat/texts.ts';
import { expect, islandsReady, test } from './fixtures.ts';

/**
 * Issue 20 item 4 (§ 25 TDDDG, decision 0035): a reader gets no cookie and causes no request to
 * the functions; the cookies start with the first use of a feature, and every key the site keeps
 * in the browser is explained on /datenschutz.
 */

/** Pages that are read, not filled in: ten of them, with their idle and visible islands. */
const READING_PAGES = ['/', '/impressum', '/datenschutz', '/agb', '/widerrufsformular', '/preisliste', '/produktkatalog', '/ueber-uns', '/fallbeispiele', '/webapp'];

/** Every request of the page that reaches a function (API, security check, sign-in). */
function functionRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (/^\/(api|security|auth)\//.test(pathname)) seen.push(`${request.method()} ${pathname}`);
  });
  return seen;
}

/** Reads the page like a person: waits for the idle islands, scrolls to the end (visible islands hydrate), hovers. */
async function read(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await islandsReady(page);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(50);
  }
  await page.getByRole('button', { name: new RegExp(`^${chatTexts.openButton}`) }).hover();
  await page.waitForLoadState('networkidle');
  // Visible islands have hydrated once none is left server-rendered only.
  await expect.poll(() => page.locator('astro-island[ssr]').count()).toBe(0);
}

function demoAgent(): { email: string; password: string } {
  return JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, 'demo-agent.json'), 'utf8')) as { email: string; password: string };
}

test.describe('no identifiers for readers', () => {
  test.describe.configure({ timeout: 120_000 });

  test('reading ten pages sets no cookie, stores nothing and sends nothing to /api or /security', async ({ page, context }) => {
    const requests = functionRequests(page);
    for (const path of READING_PAGES) {
      await read(page, path);
      expect(await context.cookies(), path).toEqual([]);
      // Nor does reading write to the browser's storage.
      expect(await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]), path).toEqual([]);
    }
    expect(requests).toEqual([]);
  });

  test('a form gets its cookies and its security check with the first use, not with the page', async ({ page, context }) => {
    const requests = functionRequests(page);
    await page.goto('/inquiry');
    await islandsReady(page);
    const form = page.getByRole('form', { name: 'Auftragsanfrage' });
    await expect(form.getByText('Die Sicherheitsprüfung startet, sobald Sie das Formular ausfüllen.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual([]);
    expect(await context.cookies()).toEqual([]);

    await form.getByLabel('Name').fill('Erika Mustermann');
    await expect(form.getByRole('img', { name: /Sicherheitscode/ })).toBeVisible();
    // The picture's answer sets captcha_id: it may arrive a moment after the element shows.
    await expect.poll(async () => (await context.cookies()).map((c) => c.name).sort()).toEqual(['captcha_id', 'csrf_token', 'visitor_id']);
    // Fit for filling in a form: the visitor and CSRF cookies end with the browser session.
    for (const cookie of (await context.cookies()).filter((c) => c.name !== 'captcha_id')) expect(cookie.expires, cookie.name).toBe(-1);
    expect(requests.filter((r) => r === 'GET /api/visitor')).toHaveLength(1);
  });

  test('the login starts the session check; logging out ends it, and the next page checks nothing', async ({ page, context }) => {
    await page.addInitScript(() => localStorage.setItem('cookie-notice-v1', 'closed'));
    const requests = functionRequests(page);
    await page.goto('/impressum');
    await islandsReady(page);
    await page.getByRole('button', { name: 'Login / Registrieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Willkommen zurück' });
    const { email, password } = demoAgent();
    await dialog.getByLabel('E-Mail').fill(email);
    await dialog.getByLabel('Passwort', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    const names = (await context.cookies()).map((c) => c.name).sort();
    expect(names).toEqual(['csrf_token', 'session', 'signed_in', 'visitor_id']);

    // The hint makes the next page ask who is logged in: the agent keeps the way to the dashboard.
    requests.length = 0;
    await page.goto('/agb');
    await islandsReady(page);
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    expect(requests).toContain('GET /api/auth/me');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Login / Registrieren' })).toBeVisible();
    await expect.poll(async () => (await context.cookies()).map((c) => c.name).sort()).toEqual(['csrf_token', 'visitor_id']);
    requests.length = 0;
    await page.goto('/preisliste');
    await islandsReady(page);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: 'Login / Registrieren' })).toBeVisible();
    expect(requests).toEqual([]);
  });

  test('the chat keeps its visitor 30 days after a message, and the conversation survives a reload', async ({ page, context }) => {
    await page.addInitScript(() => localStorage.setItem('cookie-notice-v1', 'closed'));
    await page.goto('/fallbeispiele');
    await islandsReady(page);
    await page.getByRole('button', { name: new RegExp(`^${chatTexts.openButton}`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Chat Support' });
    const text = `Eine Frage zur Domain ${Date.now()}`;
    await dialog.getByLabel(chatTexts.messageLabel).fill(text);
    await dialog.getByLabel(chatTexts.messageLabel).press('Enter');
    const history = page.getByRole('region', { name: 'Nachrichtenverlauf' });
    await expect(history.getByRole('listitem').filter({ hasText: text })).not.toContainText(chatTexts.sending);

    const visitor = (await context.cookies()).find((c) => c.name === 'visitor_id')!;
    const days = (visitor.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    await page.reload();
    await islandsReady(page);
    await page.getByRole('button', { name: new RegExp(`^${chatTexts.openButton}`) }).click();
    await expect(history.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
  });

  test('every key the site keeps in the browser is explained on /datenschutz', async ({ page }) => {
    // Cookie notice and theme.
    await page.goto('/produktkatalog');
    await islandsReady(page);
    await page.getByRole('button', { name: 'Verstanden' }).click();
    await page.getByRole('button', { name: 'Dunkles Design aktivieren' }).click();
    // Cart.
    await page.getByRole('button', { name: 'In den Warenkorb: Webapp Basis (1 Monat)' }).click();
    await expect(page.getByRole('dialog', { name: 'Zum Warenkorb hinzugefügt' })).toBeVisible();
    await page.keyboard.press('Escape');

    // Click dummy, with its contact details.
    await page.goto('/#clickDummy');
    await islandsReady(page);
    const section = page.locator('#clickDummy');
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByRole('button', { name: /Vorlage „Zeiterfassung“/ })).toBeVisible();
    await section.getByLabel('Beschreiben Sie Ihre Anwendung').fill(`Eine Zeiterfassung für 12 Personen. ${Date.now()}`);
    await section.getByRole('button', { name: 'Click-Dummy erstellen' }).click();
    const contact = page.getByRole('dialog', { name: 'Ihre Kontaktdaten' });
    await contact.getByLabel('Name').fill('Erika Mustermann');
    await contact.getByLabel('E-Mail').fill(`erika-${Date.now()}@example.test`);
    await contact.getByRole('button', { name: 'Speichern und anfragen' }).click();
    await expect(section.getByTestId('click-dummy-saved').getByRole('listitem')).toHaveCount(1);

    // Chat.
    await page.getByRole('button', { name: new RegExp(`^${chatTexts.openButton}`) }).click();
    const chat = page.getByRole('dialog', { name: 'Chat Support' });
    await chat.getByLabel(chatTexts.messageLabel).fill('Hallo, eine kurze Frage.');
    await chat.getByLabel(chatTexts.messageLabel).press('Enter');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('chat-conversation'))).not.toBeNull();
    await page.keyboard.press('Escape');

    // Tracking objection.
    await page.goto('/datenschutz');
    const objection = page.getByRole('checkbox', { name: 'Ich widerspreche der Reichweitenmessung in diesem Browser' });
    await objection.scrollIntoViewIfNeeded();
    await expect(objection).toBeEnabled();
    await objection.check();

    const keys = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)].sort());
    expect(keys).toEqual(expect.arrayContaining(['cart', 'chat-conversation', 'clickDummies', 'clickDummyContact', 'cookie-notice-v1', 'theme', 'tracking-opt-out']));
    const policy = page.getByRole('main');
    for (const key of keys) await expect(policy.getByText(key, { exact: true }), key).toBeVisible();
  });

  test('the forms link their privacy notice to a section of /datenschutz that exists', async ({ page }) => {
    await page.goto('/demo-anfordern');
    await islandsReady(page);
    const link = page.getByRole('form', { name: 'Demo anfordern' }).getByRole('link', { name: 'Datenschutzerklärung' });
    await link.scrollIntoViewIfNeeded();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/datenschutz#.+/);
    await link.click();
    await expect(page.locator(`[id="${href.split('#')[1]}"]`)).toHaveText(/Kontaktformular, Anfragen und Auftragskonfigurator/);
  });
});
