import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, WCAG_TAGS } from './fixtures.ts';
import { captchaOfPicture, mailContaining, RECEIVED_AT, uniqueText } from './forms-helpers.ts';

/**
 * Issue 20, decision 0033: cancellation and withdrawal work with JavaScript off – real form posts
 * to the same endpoints and rules, HTML answers, the captcha as a plain picture, no proof of work –
 * and what a reader types never appears in a URL.
 */
test.use({ javaScriptEnabled: false });

/** Every URL the page navigates to or requests, to check that none carries personal data. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  return urls;
}

function expectNoneContains(urls: string[], typed: string[]): void {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    const decoded = decodeURIComponent(url.replace(/\+/g, ' '));
    for (const value of typed) expect(decoded, `${url} enthält „${value}“`).not.toContain(value);
  }
}

test('a cancellation is received without JavaScript: receipt page with date and time, mail sent, nothing typed in any URL', async ({ page }) => {
  const urls = recordUrls(page);
  const contract = uniqueText('Hosting ohne Skript');
  const email = `${uniqueText('leser').replace(' ', '.')}@example.test`;
  await page.goto('/vertraege-kuendigen');
  const form = page.getByRole('form', { name: 'Kündigungsformular' });
  await form.getByLabel('Bezeichnung des Vertrags').fill(contract);
  await form.getByLabel('Vorname').fill('Jürgen');
  await form.getByLabel('Nachname').fill('Weiß');
  // The postal address is optional: left empty.
  await form.getByRole('textbox', { name: 'E-Mail', exact: true }).fill(email);
  await form.getByLabel('Sicherheitscode').fill(await captchaOfPicture(page, form));
  await form.getByRole('button', { name: 'jetzt kündigen' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Eingangsbestätigung' })).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Ihre Kündigung ist bei uns eingegangen' });
  await expect(receipt).toContainText(contract);
  await expect(receipt.getByRole('definition').filter({ hasText: RECEIVED_AT })).toBeVisible();
  await expect(receipt).toContainText('Ihre Kündigung ist mit dem Eingang bei uns wirksam.');
  // Decision 0054: the contract changes once the link mailed to the address typed is confirmed.
  await expect(receipt).toContainText('Den Vertrag ändern wir erst, wenn wir wissen, dass die Kündigung vom Vertragsinhaber stammt');
  await expect(page.getByRole('link', { name: 'Vertrag widerrufen' })).toHaveAttribute('href', '/online-widerrufsformular');

  const mail = await mailContaining(contract, email);
  expect(mail.subject).toMatch(/^Eingangsbestätigung Ihrer Kündigung \(Nr\. \d+\)$/);
  expect(mail.text).toMatch(RECEIVED_AT);
  expectNoneContains(urls, [contract, email, 'Jürgen', 'Weiß']);
});

test('a withdrawal is received without JavaScript in two steps, nothing typed in any URL', async ({ page }) => {
  const urls = recordUrls(page);
  const contract = uniqueText('Webapp ohne Skript');
  const email = `${uniqueText('widerruf').replace(' ', '.')}@example.test`;
  await page.goto('/online-widerrufsformular');
  const form = page.getByRole('form', { name: 'Vertrag widerrufen' });
  await form.getByLabel('Vertrag oder Produkt').fill(contract);
  await form.getByLabel('Name').fill('Özlem Yıldız');
  await form.getByLabel('E-Mail').fill(email);
  await form.getByLabel('Sicherheitscode').fill(await captchaOfPicture(page, form));
  await form.getByRole('button', { name: 'Weiter zur Bestätigung' }).click();

  const review = page.getByRole('region', { name: 'Bitte prüfen Sie Ihren Widerruf' });
  await expect(review).toContainText(contract);
  await expect(review).toContainText('Hiermit widerrufe ich den von mir abgeschlossenen Vertrag.');
  await page.getByRole('button', { name: 'Widerruf bestätigen' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Eingangsbestätigung' })).toBeVisible();
  const receipt = page.getByRole('region', { name: 'Ihr Widerruf ist bei uns eingegangen' });
  await expect(receipt).toContainText(contract);
  await expect(receipt).toContainText(RECEIVED_AT);
  await expect(receipt).toContainText('Ihr Widerruf ist mit dem Eingang bei uns wirksam.');
  await expect(receipt).toContainText('Die Bestellung machen wir erst rückgängig, wenn wir wissen, dass der Widerruf vom Besteller stammt');

  const mail = await mailContaining(contract, email);
  expect(mail.subject).toMatch(/^Eingangsbestätigung Ihres Widerrufs/);
  expect(mail.text).toMatch(/\/online-widerrufsformular\/bestaetigen\/[\w-]{43}/);
  expect(mail.text).toMatch(RECEIVED_AT);
  expectNoneContains(urls, [contract, email, 'Özlem', 'Yıldız']);
});

test.describe('refused without JavaScript', () => {
  // Chromium logs the 400 answer of the form post as a failed resource.
  test.use({ allowConsoleErrors: [/status of 400/] });

  test('a missing field and a wrong code: German errors on the page, everything typed kept', async ({ page }) => {
    const urls = recordUrls(page);
    const contract = uniqueText('Domain ohne Skript');
    await page.goto('/vertraege-kuendigen');
    let form = page.getByRole('form', { name: 'Kündigungsformular' });
    await form.getByLabel('Bezeichnung des Vertrags').fill(contract);
    await form.getByLabel('Vorname').fill('Jürgen');
    await form.getByRole('textbox', { name: 'E-Mail', exact: true }).fill('juergen.ohne.skript@example.test');
    await form.getByLabel('Sicherheitscode').fill('FALSCH1');
    await form.getByRole('button', { name: 'jetzt kündigen' }).click();

    const summary = page.getByRole('alert');
    await expect(summary).toContainText('Bitte überprüfen Sie Ihre Eingaben.');
    await expect(summary.getByRole('link', { name: 'Nachname ist erforderlich' })).toHaveAttribute('href', '#cancel-lastname');
    form = page.getByRole('form', { name: 'Kündigungsformular' });
    await expect(form.getByLabel('Nachname')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Bezeichnung des Vertrags')).toHaveValue(contract);
    await expect(form.getByLabel('Vorname')).toHaveValue('Jürgen');

    // Now the name is complete, but the code is wrong.
    await form.getByLabel('Nachname').fill('Weiß');
    await form.getByLabel('Sicherheitscode').fill('FALSCH1');
    await form.getByRole('button', { name: 'jetzt kündigen' }).click();
    await expect(page.getByRole('alert')).toContainText('Der Sicherheitscode ist falsch oder abgelaufen. Bitte laden Sie einen neuen Code.');
    form = page.getByRole('form', { name: 'Kündigungsformular' });
    await expect(form.getByLabel('Nachname')).toHaveValue('Weiß');
    await expect(form.getByLabel('Bezeichnung des Vertrags')).toHaveValue(contract);

    // The text alternative, also without scripts: the digits as words, the values still there.
    await form.getByRole('button', { name: 'Code als Text anzeigen' }).click();
    await expect(page.getByText(/Bitte geben Sie diese Ziffern als Zahl ein: \p{L}+/u)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Kündigungsformular' }).getByLabel('Nachname')).toHaveValue('Weiß');
    expectNoneContains(urls, [contract, 'Jürgen', 'Weiß', 'juergen.ohne.skript']);
  });
});

test.describe('the pages answered without JavaScript are accessible', () => {
  // Scripts on, so that axe can run; the form is still sent natively, as without them.
  test.use({ javaScriptEnabled: true, allowConsoleErrors: [/status of 400/] });

  test('the form with its errors has no axe violations', async ({ page }) => {
    await page.goto('/online-widerrufsformular');
    await page.getByRole('form', { name: 'Vertrag widerrufen' }).evaluate((form: HTMLFormElement) => form.submit());
    await expect(page.getByRole('alert')).toContainText('Bitte überprüfen Sie Ihre Eingaben.');
    await expect(page.getByRole('heading', { level: 1, name: 'Vertrag widerrufen' })).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
