import type { Page } from '@playwright/test';
import { E2E_APP_SECRET } from '../../playwright.config.ts';
import { captchaAnswer } from '../../src/server/security/captcha.ts';
import { expect, islandsReady, scrollToIsland, test } from './fixtures.ts';
import { expectErrorSummary } from './forms-helpers.ts';
import { recipientOf, sentMails } from './outbox.ts';

/**
 * The answer of the captcha the browser shows, computed the way only the server can: with the
 * secret this test run configured for it and the captcha id from the browser's cookie.
 */
async function captchaOfPage(page: Page, mode: 'image' | 'text' = 'image'): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'captcha_id');
  expect(cookie, 'captcha_id-Cookie').toBeDefined();
  return captchaAnswer(E2E_APP_SECRET, cookie!.value, mode);
}

async function openContactForm(page: Page) {
  await page.goto('/#contact');
  await islandsReady(page);
  const form = page.getByRole('form', { name: 'Kontaktformular' });
  // A client:visible island: a click before it hydrated lands on the prebuilt markup and starts nothing.
  await scrollToIsland(page, form);
  // The security check starts with the first use of the form, not with the page (decision 0035).
  await expect(form.getByText('Die Sicherheitsprüfung startet, sobald Sie das Formular ausfüllen.')).toBeVisible();
  await form.getByLabel('Name').click();
  // The check starts with this first use (decision 0035): cookies first, then the picture.
  const picture = form.getByRole('img', { name: /Sicherheitscode/ });
  await expect(picture).toBeVisible({ timeout: 15_000 });
  // The picture's answer sets the captcha cookie: only a loaded picture has one (visible is not enough on a busy machine).
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return form;
}

async function fillFields(page: Page, message: string) {
  await page.getByLabel('Name').fill('Erika Mustermann');
  await page.getByLabel('E-Mail').fill('erika@example.test');
  await page.getByLabel('Betreff').fill('Kundenportal');
  await page.getByLabel('Nachricht', { exact: false }).first().fill(message);
}

test.describe('contact form', () => {
  test('sends an inquiry with captcha and hashcash, and the confirmation mail reaches the outbox', async ({ page }) => {
    const form = await openContactForm(page);
    const message = `Wir brauchen ein Kundenportal. Kennung ${Date.now()}`;
    // Answering an inquiry needs no consent: the form informs and asks for no tick (decision 0035).
    await expect(form.getByRole('checkbox')).toHaveCount(0);
    await expect(form.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz#42-kontaktformular-anfragen-und-auftragskonfigurator');
    await fillFields(page, message);
    await form.getByLabel('Sicherheitscode').fill(await captchaOfPage(page));
    await expect(form.getByText('CAPTCHA korrekt!')).toBeVisible();
    await expect(form.getByText('Spam-Schutz abgeschlossen.')).toBeVisible({ timeout: 60_000 });
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expect(form.getByText('Vielen Dank für Ihre Nachricht!', { exact: false })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByLabel('Name')).toHaveValue('');

    await expect
      .poll(async () => (await sentMails()).filter((mail) => mail.text?.includes(message)).map(recipientOf))
      .toContain('erika@example.test');
  });

  test('refuses to send before the security check is solved, in a dialog that traps focus', async ({ page }) => {
    const form = await openContactForm(page);
    await fillFields(page, 'Eine Frage zum Hosting.');
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hinweis' });
    await expect(dialog).toContainText('Bitte lösen Sie das CAPTCHA/Hashcash.');
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(form.getByRole('button', { name: 'Nachricht senden' })).toBeFocused();
  });

  test('checks the captcha from six characters and offers a text alternative', async ({ page }) => {
    const form = await openContactForm(page);
    const answer = await captchaOfPage(page);
    const input = form.getByLabel('Sicherheitscode');
    await input.fill(answer === 'AAAAAA' ? 'BBBBB' : 'AAAAA');
    await expect(form.getByText('Falscher Code, bitte erneut versuchen.')).toHaveCount(0);
    await input.fill(answer === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
    await expect(form.getByText('Falscher Code, bitte erneut versuchen.')).toBeVisible();

    await form.getByRole('button', { name: 'Code als Text anzeigen' }).click();
    // The words cost a set of proof of work of their own (docs/decisions/0040): a few seconds, with progress.
    await expect(form.getByText(/Die Textaufgabe wird vorbereitet/)).toBeVisible();
    await expect(form.getByText(/Bitte geben Sie diese Ziffern als Zahl ein: \w+/)).toBeVisible({ timeout: 30_000 });
    await input.fill(await captchaOfPage(page, 'text'));
    await expect(form.getByText('CAPTCHA korrekt!')).toBeVisible();
  });

  test('validates fields on change with the German messages', async ({ page }) => {
    const form = await openContactForm(page);
    await page.getByLabel('E-Mail').fill('erika@');
    await expect(form.getByText('Ungültige E-Mail-Adresse')).toBeVisible();
    // The message belongs to its field for screen readers, too.
    await expect(page.getByLabel('E-Mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('E-Mail')).toHaveAccessibleDescription('Ungültige E-Mail-Adresse');
    await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid');
    await page.getByLabel('Name').fill('x');
    await page.getByLabel('Name').fill('');
    await expect(form.getByText('Name ist erforderlich')).toBeVisible();
    // Never disabled: sending with errors moves the focus to the error summary above the fields.
    await form.getByRole('button', { name: 'Nachricht senden' }).click();
    await expectErrorSummary(form, [
      ['Name ist erforderlich', page.getByLabel('Name')],
      ['Ungültige E-Mail-Adresse', page.getByLabel('E-Mail')],
      ['Nachricht ist erforderlich', page.getByLabel('Nachricht', { exact: false }).first()],
    ]);
  });

  test('fills fields from a dropped JSON file and reports an unreadable one', async ({ page }) => {
    const form = await openContactForm(page);
    const drop = async (name: string, content: string) => {
      const dataTransfer = await page.evaluateHandle(
        ([fileName, text]) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([text], fileName, { type: 'application/json' }));
          return transfer;
        },
        [name, content] as const,
      );
      await form.dispatchEvent('drop', { dataTransfer });
    };
    await drop('anfrage.json', JSON.stringify({ name: 'Jörg Schäfer', subject: 'Domains', unbekannt: 'bleibt weg' }));
    await expect(page.getByLabel('Name')).toHaveValue('Jörg Schäfer');
    await expect(page.getByLabel('Betreff')).toHaveValue('Domains');
    await drop('kaputt.json', '{"name":');
    await expect(page.getByRole('dialog', { name: 'Hinweis' })).toContainText('Fehler beim Einlesen der JSON-Datei.');
  });
});
