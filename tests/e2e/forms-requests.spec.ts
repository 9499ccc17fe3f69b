import { expect, islandsReady, test } from './fixtures.ts';
import { mailContaining, RECEIVED_AT, solveSecurityCheck, uniqueText } from './forms-helpers.ts';

test.describe('order inquiry (/inquiry)', () => {
  test('validates with the German messages', async ({ page }) => {
    await page.goto('/inquiry');
    await islandsReady(page);
    const form = page.getByRole('form', { name: 'Auftragsanfrage' });
    await form.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Name ist erforderlich');
    await expect(form.getByLabel('Beschreibung des Auftrags')).toHaveAccessibleDescription('Beschreibung des Auftrags ist erforderlich');
    await expect(form.getByText('Wir verarbeiten Ihre Angaben, um Ihre Anfrage zu beantworten.')).toBeVisible();
    await form.getByLabel('Maximales Budget in Euro').fill('10,50');
    await expect(form.getByLabel('Maximales Budget in Euro')).toHaveAccessibleDescription(/Bitte geben Sie das Budget als ganzen Eurobetrag ein, z\. B\. 5000\.$/);
  });

  test('sends every field and mails the receipt', async ({ page }) => {
    test.slow();
    const text = uniqueText('Ein Händlerportal mit Login');
    await page.goto('/inquiry');
    await islandsReady(page);
    const form = page.getByRole('form', { name: 'Auftragsanfrage' });
    await form.getByLabel('Name').fill('Erika Mustermann');
    await form.getByLabel('E-Mail').fill('erika@example.test');
    await form.getByLabel('Thema').selectOption({ label: 'Online-Portal' });
    await form.getByLabel('Beschreibung des Auftrags').fill(text);
    await form.getByLabel('Maximales Budget in Euro').fill('12.500');
    await form.getByRole('radio', { name: 'Miete' }).check();
    await form.getByRole('checkbox', { name: 'Anmeldung und Benutzerkonten' }).check();
    await form.getByRole('checkbox', { name: 'Suche und Filter' }).check();
    await form.getByRole('checkbox', { name: 'Benutzerdokumentation' }).check();
    await solveSecurityCheck(page, form);
    await form.getByRole('button', { name: 'Anfrage senden' }).click();
    const receipt = page.getByRole('region', { name: 'Vielen Dank für Ihre Anfrage' });
    await expect(receipt).toBeVisible({ timeout: 15_000 });
    await expect(receipt).toContainText(RECEIVED_AT);
    await expect(receipt).toContainText('Anmeldung und Benutzerkonten, Suche und Filter');
    const mail = await mailContaining(text, 'erika@example.test');
    expect(mail.text).toContain('innerhalb von 48 Stunden');
    expect(mail.text).toContain('Maximales Budget: 12.500,00');
  });
});

test.describe('demo request (/demo-anfordern)', () => {
  test('sends the request and mails the receipt', async ({ page }) => {
    test.slow();
    const company = uniqueText('Muster GmbH');
    await page.goto('/demo');
    await expect(page).toHaveURL(/\/demo-anfordern$/);
    const form = page.getByRole('form', { name: 'Demo anfordern' });
    await form.scrollIntoViewIfNeeded();
    // The form hydrates when it scrolls into view; its security check loads with the first use.
    await expect(page.locator('astro-island', { has: form })).not.toHaveAttribute('ssr');
    await form.getByLabel('Name').fill('Max Muster');
    await expect(form.getByRole('img', { name: /Sicherheitscode/ })).toBeVisible();
    await form.getByLabel('E-Mail').fill('max@example.test');
    await form.getByLabel('Firma').fill(company);
    await form.getByLabel('Produkt').selectOption({ label: 'Zeiterfassung' });
    await form.getByLabel('Wunschtermin').fill('01.01.2020');
    await expect(form.getByText('Das Datum darf nicht in der Vergangenheit liegen.')).toBeVisible();
    await form.getByLabel('Wunschtermin').fill('');
    await solveSecurityCheck(page, form);
    await form.getByRole('button', { name: 'Demo anfordern' }).click();
    const receipt = page.getByRole('region', { name: 'Vielen Dank für Ihre Demo-Anfrage' });
    await expect(receipt).toBeVisible({ timeout: 15_000 });
    await expect(receipt).toContainText('Zeiterfassung');
    const mail = await mailContaining(company, 'max@example.test');
    expect(mail.text).toContain('innerhalb von 48 Stunden');
  });
});
