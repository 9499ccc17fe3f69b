import type { Locator, Page } from '@playwright/test';
import { E2E_APP_SECRET } from '../../playwright.config.ts';
import { captchaAnswer } from '../../src/server/security/captcha.ts';
import { expect, expectNoAxeViolations, islandsReady, scrollToIsland, test } from './fixtures.ts';
import { recipientOf, sentMails } from './outbox.ts';

/** Intl puts a no-break space between amount and euro sign. */
const euro = (text: string) => text.replace(' €', '\u00a0€');

async function openConfigurator(page: Page): Promise<Locator> {
  await page.goto('/auftragskonfigurator');
  await islandsReady(page);
  return page.getByRole('form', { name: 'Auftragskonfigurator' });
}

/** The amount a line of the estimate shows, e.g. line(form, 'Monatliche Kosten'). */
function line(form: Locator, label: string | RegExp): Locator {
  return form.getByTestId('configurator-estimate').locator('div').filter({ has: form.page().getByRole('term').filter({ hasText: label }) }).getByRole('definition');
}

async function enterWorkedExample(form: Locator) {
  // Portal is selected by default; 10 development hours, no support, monthly plan.
  await expect(form.getByRole('checkbox', { name: /Portal/ })).toBeChecked();
  await form.getByLabel('Entwicklungsstunden').fill('10');
  await form.getByLabel('Supportstunden pro Monat').fill('0');
  await form.getByRole('radio', { name: /Monatlich/ }).check();
}

test.describe('order configurator', () => {
  // Several steps and an axe sweep each, on a machine shared with other suites.
  test.describe.configure({ timeout: 90_000 });

  test('shows the worked example gross first, then net, with factor, discount badge and on-request type', async ({ page }) => {
    const form = await openConfigurator(page);
    await enterWorkedExample(form);
    await expect(form.getByRole('radio', { name: 'Brutto' })).toBeChecked();
    // Issue 18: the development hour is the price list's 'Softwareentwicklung' hour (95,20 €, 80,00 € net).
    await expect(form.getByText(euro('95,20 € pro Stunde'), { exact: true })).toBeVisible();
    await expect(line(form, 'Entwicklung (einmalig)')).toHaveText(euro('952,00 €'));
    await expect(line(form, 'Einrichtungskosten (einmalig)')).toHaveText(euro('1.059,10 €'));
    await expect(line(form, 'Monatliche Kosten')).toHaveText(euro('95,20 €'));
    await expect(form.getByText('Alle Beträge inklusive 19 % Umsatzsteuer.', { exact: false })).toBeVisible();

    await form.getByText('Netto', { exact: true }).click();
    await expect(line(form, 'Entwicklung (einmalig)')).toHaveText(euro('800,00 €'));
    await expect(line(form, 'Einrichtungskosten (einmalig)')).toHaveText(euro('890,00 €'));
    await expect(line(form, 'Monatliche Kosten')).toHaveText(euro('80,00 €'));

    // 'Faktor' appears only above 100 credits: portal 20 + time tracking 100 = 120 → factor 2.
    await expect(form.getByTestId('configurator-credits')).toHaveText('Credits gesamt: 20');
    await form.getByRole('checkbox', { name: /Zeiterfassung/ }).check();
    await expect(form.getByTestId('configurator-credits')).toHaveText('Credits gesamt: 120 · Faktor 2');
    await expect(line(form, /^Hosting/)).toHaveText(euro('160,00 €'));
    await form.getByRole('checkbox', { name: /Zeiterfassung/ }).uncheck();

    await expect(form.locator('label').filter({ has: page.getByRole('radio', { name: /6 Monate/ }) })).toContainText('5\u00a0% günstiger');
    await expect(form.getByRole('listitem').filter({ hasText: 'Individuelle Anwendung' })).toContainText('auf Anfrage');
    await form.getByRole('checkbox', { name: /Individuelle Anwendung/ }).check();
    await expect(form.getByText('Zzgl. des individuellen Teils', { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('clamps the hour inputs and switches tabs by keyboard', async ({ page }) => {
    const form = await openConfigurator(page);
    const development = form.getByLabel('Entwicklungsstunden');
    await development.fill('-5');
    await development.blur();
    await expect(development).toHaveValue('0');

    const appTab = form.getByRole('tab', { name: 'App-Entwicklung' });
    await appTab.focus();
    await page.keyboard.press('ArrowRight');
    const supportTab = form.getByRole('tab', { name: 'Support' });
    await expect(supportTab).toBeFocused();
    await expect(supportTab).toHaveAttribute('aria-selected', 'true');
    await expect(line(form, 'Entwicklung (einmalig)')).toHaveCount(0);

    const supportOnly = form.getByLabel('Supportstunden pro Monat');
    await expect(supportOnly).toHaveValue('1');
    await supportOnly.fill('');
    await supportOnly.blur();
    await expect(supportOnly).toHaveValue('1');
    await supportOnly.fill('4');
    await expect(line(form, 'Monatliche Kosten')).toHaveText(euro('357,00 €'));
    await expectNoAxeViolations(page);
  });

  test('puts the configuration into the cart; after a reload the cart shows the same prices', async ({ page }) => {
    const form = await openConfigurator(page);
    await enterWorkedExample(form);
    await form.getByRole('button', { name: 'In den Warenkorb' }).click();
    const added = page.getByRole('dialog', { name: 'Zum Warenkorb hinzugefügt' });
    await expect(added).toContainText('Ihre Konfiguration');
    await added.getByRole('button', { name: 'Schließen' }).click();

    await page.reload();
    await islandsReady(page);
    await page.getByRole('button', { name: 'Warenkorb, 2 Artikel' }).click();
    const cart = page.getByRole('dialog', { name: 'Warenkorb' });
    await expect(cart.getByRole('listitem').filter({ hasText: 'Entwicklung und Einrichtung' })).toContainText(euro('1.059,10 €'));
    await expect(cart.getByRole('listitem').filter({ hasText: 'Hosting und Support' })).toContainText(euro('95,20 €'));
    // The one-off setup and the first month are due now; the hosting then recurs monthly.
    const amounts = cart.getByTestId('amounts-by-rhythm');
    await expect(amounts).toContainText(euro('Jetzt fällig1.154,30 €'));
    await expect(amounts).toContainText(euro('ab dem 2. Monat monatlich95,20 €'));
    const stored = (await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'))) as { id: string }[];
    expect(stored.map((entry) => entry.id)).toEqual([
      'konfiguration-einrichtung:app;typen=portal;entwicklung=10;support=0;hosting=monatlich;anpassung=nein',
      'konfiguration-betrieb:app;typen=portal;entwicklung=10;support=0;hosting=monatlich;anpassung=nein',
    ]);
    await expectNoAxeViolations(page);
  });

  test('sends the request with the attached click dummies, clears name, e-mail and message, mails the estimate', async ({ page }) => {
    const prompt = `Ein Kundenportal für eine Physiotherapiepraxis. ${'Termine, Rezepte und Dokumente an einem Ort. '.repeat(12)}Kennung ${Date.now()}`;
    await page.addInitScript((text) => {
      localStorage.setItem(
        'clickDummies',
        JSON.stringify([{ id: 'cd-1', prompt: text, createdAt: '2026-11-20T09:30:00.000Z', name: 'ClickDummy 1', email: 'erika@example.test', trigger: 'create' }]),
      );
    }, prompt);
    const form = await openConfigurator(page);
    const attached = form.getByRole('list', { name: 'Angehängte Click-Dummies' });
    await expect(attached).toContainText('ClickDummy 1');
    const promptText = attached.getByText('Ein Kundenportal', { exact: false });
    await expect(promptText).toHaveCSS('-webkit-line-clamp', '3');

    await enterWorkedExample(form);
    await form.getByLabel('Projektbeschreibung').fill('Bitte um ein Angebot.');
    await form.getByLabel('Name').fill('Erika Mustermann');
    await form.getByLabel('E-Mail').fill('erika@example.test');
    // The security check started with the first field filled in (decision 0035).
    await expect(form.getByRole('img', { name: /Sicherheitscode/ })).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'captcha_id');
    await form.getByLabel('Sicherheitscode').fill(captchaAnswer(E2E_APP_SECRET, cookie!.value, 'image'));
    await expect(form.getByText('CAPTCHA korrekt!')).toBeVisible();
    await expect(form.getByText('Spam-Schutz abgeschlossen.')).toBeVisible({ timeout: 60_000 });
    await form.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect(form.getByText('Ihre Anfrage wurde übermittelt!')).toBeVisible({ timeout: 15_000 });
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('E-Mail')).toHaveValue('');
    await expect(form.getByLabel('Projektbeschreibung')).toHaveValue('');

    await expect
      .poll(async () => (await sentMails()).filter((mail) => mail.text?.includes(prompt.slice(-20))).map(recipientOf))
      .toContain('erika@example.test');
    const copy = (await sentMails()).find((mail) => recipientOf(mail) === 'erika@example.test' && mail.text?.includes(prompt.slice(-20)));
    expect(copy!.text).toContain('Einrichtungskosten (einmalig): 1.059,10\u00a0€ brutto (890,00\u00a0€ netto)');
  });

  test('landing variant: estimate on the start page, request on the configurator page with the same configuration', async ({ page }) => {
    await page.goto('/#configurator');
    await islandsReady(page);
    const section = page.locator('#configurator');
    // client:visible: typing before the island hydrated is lost when it renders.
    await scrollToIsland(page, page.getByLabel('Entwicklungsstunden'));
    await enterWorkedExample(section);
    await section.getByRole('checkbox', { name: /Shop/ }).check();
    await expect(section.getByRole('listitem').filter({ hasText: 'Rechnung' })).toContainText('inklusive');
    // 10 hours at 80,00 € net plus portal and shop at 90,00 € net each: 980,00 € net, 1.166,20 € gross.
    await expect(line(section, 'Einrichtungskosten (einmalig)')).toHaveText(euro('1.166,20 €'));
    await expectNoAxeViolations(page);

    await section.getByRole('link', { name: 'Weiter zur Anfrage' }).click();
    await expect(page).toHaveURL(/\/auftragskonfigurator\?konfiguration=/);
    await islandsReady(page);
    const form = page.getByRole('form', { name: 'Auftragskonfigurator' });
    await expect(form.getByLabel('Entwicklungsstunden')).toHaveValue('10');
    await expect(form.getByRole('checkbox', { name: /Shop/ })).toBeChecked();
    await expect(line(form, 'Einrichtungskosten (einmalig)')).toHaveText(euro('1.166,20 €'));
  });

  test.describe('in the dark theme', () => {
    test.use({ colorScheme: 'dark' });

    test('has no axe violations on either tab', async ({ page }) => {
      const form = await openConfigurator(page);
      await form.getByRole('checkbox', { name: /Zeiterfassung/ }).check();
      await expectNoAxeViolations(page);
      await form.getByRole('tab', { name: 'Support' }).click();
      await expectNoAxeViolations(page);
    });
  });

  test.describe('when the server refuses', () => {
    // One pattern: Playwright would read a second array element as fixture options.
    test.use({ allowConsoleErrors: [/status of 50[23]/] });

    test('shows the server text or the generic one and reloads the security widget', async ({ page }) => {
      const form = await openConfigurator(page);
      let answer: { status: number; body: string; contentType: string } = { status: 503, body: JSON.stringify({ message: 'Der Dienst ist gerade nicht erreichbar.' }), contentType: 'application/json' };
      await page.route('**/api/inquiry', (route) => route.fulfill(answer));
      await form.getByLabel('Name').fill('Erika Mustermann');
      await form.getByLabel('E-Mail').fill('erika@example.test');
      const solve = async () => {
        await expect(form.getByRole('img', { name: /Sicherheitscode/ })).toBeVisible();
        const cookie = (await page.context().cookies()).find((c) => c.name === 'captcha_id');
        await form.getByLabel('Sicherheitscode').fill(captchaAnswer(E2E_APP_SECRET, cookie!.value, 'image'));
        await expect(form.getByText('CAPTCHA korrekt!')).toBeVisible();
        await expect(form.getByText('Spam-Schutz abgeschlossen.')).toBeVisible({ timeout: 60_000 });
      };
      await solve();
      await form.getByRole('button', { name: 'Anfrage senden' }).click();
      await expect(form.getByRole('status').filter({ hasText: 'Der Dienst ist gerade nicht erreichbar.' })).toBeVisible();
      await page.getByRole('dialog', { name: 'Hinweis' }).getByRole('button', { name: 'OK' }).click();
      // The widget was reloaded (fresh captcha, empty input); what the visitor typed is kept.
      await expect(form.getByLabel('Sicherheitscode')).toHaveValue('');
      await expect(form.getByLabel('Name')).toHaveValue('Erika Mustermann');

      answer = { status: 502, body: '', contentType: 'text/plain' };
      await solve();
      await form.getByRole('button', { name: 'Anfrage senden' }).click();
      await expect(form.getByRole('status').filter({ hasText: 'Fehler beim Senden der Anfrage.' })).toBeVisible();
    });
  });
});
