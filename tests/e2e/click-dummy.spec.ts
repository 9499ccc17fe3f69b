import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import prompts from '../../locales/de-prompts.json' with { type: 'json' };
import { expect, islandsReady, test } from './fixtures.ts';
import { errorSummary, expectErrorSummary } from './forms-helpers.ts';
import { recipientOf, sentMails } from './outbox.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const bookingTemplate = prompts.find((t) => t.name === 'Unterkunftsbuchung')!;

async function expectAxeClean(page: Page, selector: string) {
  const results = await new AxeBuilder({ page }).include(selector).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Opens the start page at the click-dummy section, with the island hydrated and its templates loaded. */
async function openSection(page: Page) {
  await page.goto('/#clickDummy');
  await islandsReady(page);
  const section = page.locator('#clickDummy');
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('button', { name: /Vorlage „Zeiterfassung“/ })).toBeVisible();
  return section;
}

function clickDummyPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/clickdummy') posts.push(request);
  });
  return posts;
}

function isoDay(offset: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

test.describe('click dummy', () => {
  // Long flows with several axe scans on a shared, busy machine: room for slowness, no speed asserted.
  test.describe.configure({ timeout: 120_000 });
  // The typewriter types every 40 ms; only its own test watches it, the others see it stand still.
  test.use({ reducedMotion: 'reduce' });

  test('offers only active templates and is free of axe violations', async ({ page }) => {
    const section = await openSection(page);
    await expect(section.getByRole('button', { name: /Vorlage „Unterkunftsbuchung“/ })).toBeVisible();
    await expect(section.getByRole('button', { name: /Vorlage „Vereinsverwaltung“/ })).toHaveCount(0);
    await expectAxeClean(page, '#clickDummy');
  });

  test('asks for contact data on the first create only, posts each create and mails the requester', async ({ page }) => {
    const posts = clickDummyPosts(page);
    const section = await openSection(page);
    const prompt = section.getByLabel('Beschreiben Sie Ihre Anwendung');
    const email = `erika-${Date.now()}@example.test`;

    // An empty prompt does nothing.
    await prompt.press('Enter');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const first = `Eine Lagerverwaltung mit Barcode-Scanner. Kennung ${Date.now()}`;
    await prompt.fill(first);
    await prompt.press('Shift+Enter');
    await prompt.pressSequentially('Zweite Zeile.');
    await expect(prompt).toHaveValue(`${first}\nZweite Zeile.`);
    await prompt.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Ihre Kontaktdaten' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeFocused();
    await expectAxeClean(page, '[role="dialog"]');
    await dialog.getByLabel('Name').fill('   ');
    await dialog.getByRole('button', { name: 'Speichern und anfragen' }).click();
    // The error summary above the fields takes the focus and leads to them.
    await expectErrorSummary(dialog, [
      ['Name ist erforderlich', dialog.getByLabel('Name')],
      ['E-Mail ist erforderlich', dialog.getByLabel('E-Mail')],
    ]);
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByLabel('E-Mail')).toHaveAttribute('required', '');
    await expectAxeClean(page, '[role="dialog"]');
    expect(posts).toHaveLength(0);

    await dialog.getByLabel('Name').fill('Erika Mustermann');
    await dialog.getByLabel('E-Mail').fill(email);
    await dialog.getByRole('button', { name: 'Speichern und anfragen' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByText('Ihre Anfrage ist bei uns eingegangen', { exact: false })).toBeVisible();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.postDataJSON()).toEqual({ name: 'Erika Mustermann', email, message: `${first}\nZweite Zeile.`, trigger: 'save' });

    const second = 'Ein Kundenportal mit Rechnungsarchiv.';
    await prompt.fill(second);
    await section.getByRole('button', { name: 'Click-Dummy erstellen' }).click();
    await expect(section.getByText('„ClickDummy 2“ ist gespeichert', { exact: false })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.postDataJSON()).toEqual({ name: 'Erika Mustermann', email, message: second, trigger: 'create' });

    const saved = section.getByTestId('click-dummy-saved').getByRole('listitem');
    await expect(saved).toHaveCount(2);
    await expect(saved.first()).toContainText('ClickDummy 2');

    await expect
      .poll(async () => (await sentMails()).filter((mail) => mail.text?.includes(first)).map((mail) => [recipientOf(mail), mail.subject]))
      .toEqual(expect.arrayContaining([[email, 'Ihre Click-Dummy-Anfrage']]));
    const confirmation = (await sentMails()).find((mail) => mail.subject === 'Ihre Click-Dummy-Anfrage' && recipientOf(mail) === email)!;
    expect(confirmation.text).toContain('innerhalb von 48 Stunden');
    expect(confirmation.text).toContain(`> ${first}`);
  });

  test.describe('when the request does not reach the server', () => {
    test.use({ allowConsoleErrors: [/status of 503/] });

    test('keeps the click dummy and says so quietly', async ({ page }) => {
      await page.route('/api/clickdummy', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Wartung"}' }));
      await page.addInitScript(() => localStorage.setItem('clickDummyContact', JSON.stringify({ name: 'Erika', email: 'erika@example.test' })));
      const section = await openSection(page);
      await section.getByLabel('Beschreiben Sie Ihre Anwendung').fill('Eine Zeiterfassung für 12 Personen.');
      await section.getByRole('button', { name: 'Click-Dummy erstellen' }).click();
      await expect(section.getByRole('status').filter({ hasText: 'konnte nicht an uns übermittelt werden' })).toBeVisible();
      await expect(section.getByTestId('click-dummy-saved').getByRole('listitem')).toHaveCount(1);
    });
  });

  test.describe('when the templates cannot be loaded', () => {
    test.use({ allowConsoleErrors: [/Fehler beim Laden der Templates|status of 500/] });

    test('logs the failure and shows no templates', async ({ page }) => {
      const logged: string[] = [];
      page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
      await page.route('/locales/de-prompts.json', (route) => route.fulfill({ status: 500, body: 'kaputt' }));
      await page.goto('/#clickDummy');
      await islandsReady(page);
      await page.locator('#clickDummy').scrollIntoViewIfNeeded();
      await expect.poll(() => logged.some((text) => text.includes('Fehler beim Laden der Templates'))).toBe(true);
      await expect(page.locator('#clickDummy').getByRole('button', { name: /Vorlage/ })).toHaveCount(0);
      await expect(page.getByLabel('Beschreiben Sie Ihre Anwendung')).toBeEditable();
    });
  });

  test('keeps saved click dummies across a reload; view loads, removing the selected one clears the prompt', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('clickDummyContact', JSON.stringify({ name: 'Erika', email: 'erika@example.test' }));
      }
    });
    const section = await openSection(page);
    const long = `${'Eine sehr ausführliche Beschreibung einer Anwendung. '.repeat(3)}`.slice(0, 150);
    expect(long).toHaveLength(150);
    const prompt = section.getByLabel('Beschreiben Sie Ihre Anwendung');
    await prompt.fill(long);
    await prompt.press('Enter');
    await prompt.fill('Kurzer Prompt');
    await prompt.press('Enter');
    await expect(section.getByTestId('click-dummy-saved').getByRole('listitem')).toHaveCount(2);

    await page.reload();
    await islandsReady(page);
    await section.scrollIntoViewIfNeeded();
    const saved = section.getByTestId('click-dummy-saved').getByRole('listitem');
    await expect(saved).toHaveCount(2);
    const longEntry = saved.filter({ hasText: 'ClickDummy 1' });
    await expect(longEntry.getByTestId('click-dummy-excerpt')).toHaveText(`${long.slice(0, 100).trimEnd()}…`);
    await expect(longEntry.locator('time')).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);

    await longEntry.getByRole('button', { name: 'ClickDummy 1 anzeigen' }).click();
    await expect(prompt).toHaveValue(long);
    await expect(longEntry).toHaveAttribute('aria-current', 'true');
    await longEntry.getByRole('button', { name: 'ClickDummy 1 entfernen' }).click();
    await expect(prompt).toHaveValue('');
    await expect(saved).toHaveCount(1);

    // Removing one that is not selected leaves the prompt alone.
    await prompt.fill('Noch nicht erstellt');
    await saved.getByRole('button', { name: 'ClickDummy 2 entfernen' }).click();
    await expect(prompt).toHaveValue('Noch nicht erstellt');
    await page.reload();
    await islandsReady(page);
    await section.scrollIntoViewIfNeeded();
    await expect(section.getByText('Noch keine gespeicherten Click-Dummies', { exact: false })).toBeVisible();
  });

  test('enables taking over the typed prompt only after the typewriter finished typing it', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const section = await openSection(page);
    const takeOver = section.getByRole('button', { name: 'Prompt übernehmen' });
    await expect(takeOver).toBeDisabled();
    // From here the page's clock is driven by the test, so the typing takes no wall time.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.clock.runFor(2_000);
    await expect(section.getByTestId('click-dummy-typewriter')).not.toHaveText('');
    await expect(takeOver).toBeDisabled();
    // The first template's prompt at 40 ms per character takes about 25 s of page time. React renders
    // each step after its timer fired, so the clock advances step by step (bounded loop); the
    // button is asked only every tenth step, which halves the round trips to the browser.
    for (let step = 0; step < 200 && !(await takeOver.isEnabled()); step++) {
      for (let tick = 0; tick < 10; tick++) await page.clock.runFor(50);
    }
    await expect(takeOver).toBeEnabled();
    await takeOver.click();
    await expect(section.getByLabel('Beschreiben Sie Ihre Anwendung')).toHaveValue(prompts[0]!.clickDummy);
  });

  test('opens the booking demo for the booking template and books a stay by keyboard, without server calls', async ({ page }) => {
    const posts = clickDummyPosts(page);
    const section = await openSection(page);
    await section.getByRole('button', { name: 'Vorlage „Unterkunftsbuchung“' }).click();
    await expect(section.getByLabel('Beschreiben Sie Ihre Anwendung')).toHaveValue(bookingTemplate.clickDummy);
    await section.getByLabel('Beschreiben Sie Ihre Anwendung').press('Enter');

    const demo = section.getByTestId('booking-demo');
    await expect(demo.getByRole('heading', { name: 'Ferienwohnungen finden' })).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(demo.getByRole('img', { name: 'Foto: Strandhaus Düne 7' })).toBeVisible();
    await expect(demo.getByText('6 Unterkünfte gefunden')).toBeVisible();
    await expectAxeClean(page, '[data-testid="booking-demo"]');

    await demo.getByLabel('Region').selectOption('Alpen');
    await expect(demo.getByText('2 Unterkünfte gefunden')).toBeVisible();
    await demo.getByRole('checkbox', { name: 'Haustiere erlaubt' }).check();
    await expect(demo.getByText('1 Unterkunft gefunden')).toBeVisible();
    await demo.getByRole('button', { name: 'Hütte am Seeblick ansehen' }).focus();
    await page.keyboard.press('Enter');

    await expect(demo.getByRole('heading', { name: 'Hütte am Seeblick' })).toBeFocused();
    await demo.getByRole('button', { name: 'Außenansicht am Abend' }).click();
    await expect(demo.getByRole('img', { name: 'Hütte am Seeblick: Außenansicht am Abend' })).toBeVisible();
    await demo.getByRole('button', { name: 'Weiter zur Buchung' }).click();
    await expect(demo.getByText('Bitte wählen Sie ein Anreisedatum.')).toBeVisible();
    await expect(demo.getByLabel('Anreise')).toBeFocused();

    // Nights 1–4 from today are booked at this cabin.
    await demo.getByLabel('Anreise').fill(isoDay(2));
    await demo.getByLabel('Abreise').fill(isoDay(5));
    await demo.getByLabel('Gäste', { exact: true }).fill('4');
    await demo.getByRole('button', { name: 'Weiter zur Buchung' }).click();
    await expect(demo.getByText('In diesem Zeitraum ist die Unterkunft bereits belegt', { exact: false })).toBeVisible();
    await expect(demo.getByLabel('Abreise')).toHaveAccessibleDescription(/bereits belegt/);
    await expect(demo.getByText('höchstens 3 Gäste', { exact: false })).toBeVisible();
    await expectAxeClean(page, '[data-testid="booking-demo"]');

    await demo.getByLabel('Anreise').fill(isoDay(20));
    await demo.getByLabel('Abreise').fill(isoDay(23));
    await demo.getByLabel('Gäste', { exact: true }).fill('2');
    const summary = demo.getByTestId('demo-price-summary');
    await expect(summary).toContainText('119,00 € × 3 Nächte');
    await expect(summary).toContainText('357,00 €');
    await expect(summary).toContainText('Endreinigung45,00 €');
    await expect(summary).toContainText('Gesamtpreis402,00 €');
    await expect(demo.locator('td[data-state="chosen"]')).toHaveCount(3);
    await expect(demo.getByRole('cell', { name: /, belegt$/ }).first()).toBeVisible();
    await demo.getByLabel('Gäste', { exact: true }).press('Enter');

    await expect(demo.getByRole('heading', { name: 'Ihre Buchung' })).toBeFocused();
    await demo.getByRole('button', { name: 'Verbindlich buchen' }).click();
    await expect(demo.getByText('Bitte geben Sie Ihren Namen ein.')).toBeVisible();
    await expect(demo.getByLabel('Name *')).toBeFocused();
    await page.keyboard.type('Erika Mustermann');
    await demo.getByLabel('E-Mail *').fill('erika@example.test');
    await demo.getByLabel('Anmerkungen (optional)').fill('Wir reisen mit Hund an.');
    await expectAxeClean(page, '[data-testid="booking-demo"]');
    await demo.getByRole('button', { name: 'Verbindlich buchen' }).press('Enter');

    await expect(demo.getByRole('heading', { name: 'Vielen Dank für Ihre Buchung!' })).toBeFocused();
    await expect(demo.getByTestId('demo-booking-number')).toHaveText(/^FG-\d{6}$/);
    await expect(demo.getByTestId('demo-stay-summary')).toContainText('Gesamtpreis402,00 €');
    await expectAxeClean(page, '[data-testid="booking-demo"]');
    expect(posts).toHaveLength(0);

    await demo.getByRole('button', { name: 'Demo schließen' }).last().click();
    await expect(demo).toHaveCount(0);
    await expect(section.getByLabel('Beschreiben Sie Ihre Anwendung')).toBeFocused();
  });

  test.describe('in the dark theme', () => {
    test.use({ colorScheme: 'dark' });

    test('section, contact dialog and booking demo have no axe violations', async ({ page }) => {
      const section = await openSection(page);
      await expectAxeClean(page, '#clickDummy');
      const prompt = section.getByLabel('Beschreiben Sie Ihre Anwendung');
      await prompt.fill('Eine Zeiterfassung.');
      await prompt.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Ihre Kontaktdaten' });
      await dialog.getByRole('button', { name: 'Speichern und anfragen' }).click();
      await expect(errorSummary(dialog)).toBeFocused();
      await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription('Name ist erforderlich');
      await expectAxeClean(page, '[role="dialog"]');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(prompt).toBeFocused();

      await section.getByRole('button', { name: 'Vorlage „Unterkunftsbuchung“' }).click();
      await section.getByRole('button', { name: 'Click-Dummy erstellen' }).click();
      const demo = section.getByTestId('booking-demo');
      await expect(demo.getByRole('heading', { name: 'Ferienwohnungen finden' })).toBeFocused();
      await expectAxeClean(page, '[data-testid="booking-demo"]');
      await demo.getByRole('button', { name: 'Strandhaus Düne 7 ansehen' }).click();
      await expect(demo.getByRole('heading', { name: 'Strandhaus Düne 7' })).toBeFocused();
      await demo.getByRole('button', { name: 'Weiter zur Buchung' }).click();
      await expect(demo.getByText('Bitte wählen Sie ein Anreisedatum.')).toBeVisible();
      await expectAxeClean(page, '[data-testid="booking-demo"]');
    });
  });

  test('fills the viewport in fullscreen; Escape and the header button leave it and focus returns to the toggle', async ({ page }) => {
    const section = await openSection(page);
    const island = section.getByTestId('click-dummy');
    const toggle = section.getByRole('button', { name: 'Vollbild' });
    await toggle.click();
    await expect(island).toHaveAttribute('data-fullscreen', 'true');
    const viewport = page.viewportSize()!;
    await expect.poll(() => island.boundingBox()).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    const close = page.getByRole('banner').getByRole('button', { name: 'Vollbild beenden' });
    await expect(close).toBeVisible();
    await expectAxeClean(page, '[data-testid="click-dummy"]');

    await page.keyboard.press('Escape');
    await expect(island).toHaveAttribute('data-fullscreen', 'false');
    await expect(close).toHaveCount(0);
    await expect(toggle).toBeFocused();

    await toggle.press('Enter');
    await expect(island).toHaveAttribute('data-fullscreen', 'true');
    await close.click();
    await expect(island).toHaveAttribute('data-fullscreen', 'false');
    await expect(toggle).toBeFocused();
  });
});
