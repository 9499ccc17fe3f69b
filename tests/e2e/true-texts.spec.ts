import { site } from '../../src/config/site.ts';
import { PAYPAL_PROCEDURE } from '../../src/features/billing/paypal.ts';
import { acceptConsumerTerms, openCheckoutWith } from './checkout-helpers.ts';
import { expect, test } from './fixtures.ts';

/**
 * The texts a legal review found untrue or incomplete (issue 35, decision 0067), each where a
 * visitor reads it.
 */
test.describe('texts that are true', () => {
  test.beforeEach(async ({ page }) => page.addInitScript(() => localStorage.setItem('cookie-notice-v1', 'closed')));

  test('the documentation names where backups really are, as the AV-Vertrag does', async ({ page }) => {
    await page.goto('/documentation');
    const backups = page.locator('#speicher-und-backups');
    await expect(backups).toContainText('Die Datenbank und ihre Sicherungen liegen bei unserem Unterauftragsverarbeiter Neon, Inc. in den USA');
    await expect(backups).not.toContainText('in Deutschland');
    await page.goto('/av-vertrag');
    await expect(page.getByRole('main')).toContainText('Neon, Inc., USA – Betrieb der Datenbank einschließlich Datensicherung. Ort der Verarbeitung: USA.');
  });

  test('the AV-Vertrag names the e-mail provider and says its request needs a customer number', async ({ page }) => {
    await page.goto('/av-vertrag');
    const main = page.getByRole('main');
    await expect(main).toContainText(`${site.mailProvider.name}, ${site.mailProvider.address} (Ort der Verarbeitung: ${site.mailProvider.location})`);
    await expect(main).not.toContainText('Name, Sitz und Ort der Verarbeitung teilt der Auftragnehmer');
    await expect(main).toContainText('Für die Anforderung brauchen Sie Ihre Kundennummer');
  });

  test('the privacy policy shows the right to object on its own and names the e-mail provider', async ({ page }) => {
    await page.goto('/datenschutz');
    const objection = page.getByRole('heading', { name: 'Ihr Widerspruchsrecht nach Art. 21 DSGVO' });
    await expect(objection).toBeVisible();
    await expect(objection.locator('xpath=following-sibling::p[1]/strong')).toContainText(
      'Sie haben das Recht, aus Gründen, die sich aus Ihrer besonderen Situation ergeben, jederzeit gegen die Verarbeitung',
    );
    await expect(page.getByRole('main')).toContainText(`${site.mailProvider.name}, ${site.mailProvider.address}`);
  });

  for (const path of ['/webapp', '/zeiterfassung']) {
    test(`${path} names the supported browsers and devices (Art. 246a EGBGB)`, async ({ page }) => {
      await page.goto(path);
      const requirements = page.locator('#systemvoraussetzungen');
      await expect(requirements.getByRole('heading', { name: 'Systemvoraussetzungen' })).toBeVisible();
      await expect(requirements).toContainText('Google Chrome, Microsoft Edge, Mozilla Firefox und Apple Safari');
      await expect(requirements).toContainText('iOS/iPadOS ab Version 16 oder Android ab Version 10');
    });
  }

  test('the configurator’s sidebar states the consumer’s notice rule beside the business rule', async ({ page }) => {
    await page.goto('/auftragskonfigurator');
    const sidebar = page.getByRole('complementary', { name: 'Ihre Vorteile' });
    await expect(sidebar).toContainText('Unternehmer kündigen mit 10 Tagen Frist zum Ende der Laufzeit, Verbraucher nach der Mindestlaufzeit jederzeit mit 10 Tagen Frist');
  });

  test('hours say what happens to those not used, on the offer and in the AGB', async ({ page }) => {
    await page.goto('/produktkatalog');
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Softwareentwicklung' }) })).toContainText(
      'Nicht genutzte Stunden verfallen nicht; auf Wunsch erstatten wir sie',
    );
    await page.goto('/agb');
    await expect(page.getByRole('main')).toContainText('Nicht genutzte Stunden eines Kontingents verfallen nicht');
  });

  test('the AGB offer the checkout’s payment methods and start domains with the services', async ({ page }) => {
    await page.goto('/agb');
    const main = page.getByRole('main');
    await expect(main).not.toContainText('Vorkasse');
    await expect(main).not.toContainText('Bonitätsprüfung');
    await expect(main).toContainText('innerhalb von 24 bis 48 Stunden nach dem Beginn unserer Leistungen');
  });

  test('the checkout asks to accept the AGB and says one thing about PayPal', async ({ page }) => {
    await openCheckoutWith(page, [{ id: 'webapp-basis-6m', quantity: 1 }]);
    const form = page.getByRole('form', { name: 'Bestellformular' });
    await acceptConsumerTerms(form);
    await expect(form.getByRole('checkbox', { name: /^Ich akzeptiere die AGB in der Fassung vom \d{2}\.\d{2}\.\d{4}\. \*$/ })).toBeChecked();
    await form.getByRole('radio', { name: 'PayPal' }).check();
    await expect(form).toContainText(PAYPAL_PROCEDURE);
    await expect(page.getByRole('main')).not.toContainText('sobald die Zahlung eingegangen');
  });
});
