import { expect, expectNoAxeViolations, islandsReady, test } from './fixtures.ts';
import { fillCancellation, mailContaining, RECEIVED_AT, solveSecurityCheck, uniqueText } from './forms-helpers.ts';
import { sentMails } from './outbox.ts';

test.describe('cancellation (§ 312k BGB)', () => {
  test("'jetzt kündigen' is visible from the start, without any interaction", async ({ page }) => {
    await page.goto('/vertraege-kuendigen');
    await expect(page.getByRole('button', { name: 'jetzt kündigen' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Verträge hier kündigen' })).toBeVisible();
  });

  test('the footer link of every page leads here, and the English alias too', async ({ page }) => {
    await page.goto('/impressum');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Verträge hier kündigen' }).click();
    await expect(page).toHaveURL(/\/vertraege-kuendigen$/);
    await page.goto('/cancel-contracts');
    await expect(page).toHaveURL(/\/vertraege-kuendigen$/);
  });

  test('checks the fields with the German messages and keeps what was typed', async ({ page }) => {
    await page.goto('/vertraege-kuendigen');
    await islandsReady(page);
    const form = page.getByRole('form', { name: 'Kündigungsformular' });
    // Only what the declaration needs: the e-mail once, the postal address optional.
    await expect(form.getByLabel('E-Mail wiederholen')).toHaveCount(0);
    await expect(form.getByLabel('Straße und Hausnummer')).not.toHaveAttribute('required');
    const email = form.getByRole('textbox', { name: 'E-Mail', exact: true });
    await email.fill('kunde@');
    await expect(form.getByText('Ungültige E-Mail-Adresse')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill('kunde@example.test');
    await form.getByLabel('Kündigen zum').selectOption('date');
    const date = form.getByLabel('Gewünschtes Vertragsende');
    await expect(date).toHaveAttribute('placeholder', 'DD.MM.YYYY');
    await date.fill('31.02.2030');
    await expect(form.getByText('Bitte geben Sie ein gültiges Datum im Format DD.MM.YYYY ein.')).toBeVisible();
    await form.getByRole('radio', { name: 'Außerordentliche Kündigung' }).check();
    await expect(form.getByLabel('Kündigungsgrund')).toBeVisible();
    await form.getByRole('button', { name: 'jetzt kündigen' }).click();
    await expect(form.getByLabel('Bezeichnung des Vertrags')).toHaveAccessibleDescription(/Bezeichnung des Vertrags ist erforderlich$/);
    await expect(form.getByLabel('Vorname')).toHaveAccessibleDescription('Vorname ist erforderlich');
    await expect(form.getByRole('textbox', { name: 'E-Mail', exact: true })).toHaveValue('kunde@example.test');
  });

  test('sends a cancellation, shows the receipt, mails it and confirms the identity by the link', async ({ page }) => {
    test.slow();
    const contract = uniqueText('Webapp Basis');
    await page.goto('/vertraege-kuendigen');
    await islandsReady(page);
    const form = page.getByRole('form', { name: 'Kündigungsformular' });
    await fillCancellation(form, contract, 'juergen@example.test');
    await solveSecurityCheck(page, form, { proofOfWork: false });
    await form.getByRole('button', { name: 'jetzt kündigen' }).click();

    const receipt = page.getByRole('region', { name: 'Ihre Kündigung ist bei uns eingegangen' });
    await expect(receipt).toBeVisible({ timeout: 15_000 });
    await expect(receipt).toContainText(contract);
    await expect(receipt).toContainText('Ordentliche Kündigung');
    await expect(receipt).toContainText('zum nächstmöglichen Zeitpunkt');
    // Effective on receipt; the contract changes once the link is confirmed (decision 0054), and the page names no end.
    await expect(receipt).toContainText('Ihre Kündigung ist mit dem Eingang bei uns wirksam. Das Vertragsende berechnen wir ab dem Tag des Eingangs.');
    await expect(receipt).toContainText('Bitte bestätigen Sie sie mit dem Link in der E-Mail.');
    await expect(receipt).not.toContainText('Der Vertrag endet am');
    await expect(receipt.getByRole('definition').filter({ hasText: RECEIVED_AT })).toBeVisible();
    await expect(receipt.getByRole('button', { name: 'Bestätigung drucken oder als PDF speichern' })).toBeVisible();
    await expectNoAxeViolations(page);

    const mail = await mailContaining(contract, 'juergen@example.test');
    expect(mail.subject).toMatch(/^Eingangsbestätigung Ihrer Kündigung \(Nr\. \d+\)$/);
    expect(mail.text).toMatch(RECEIVED_AT);
    expect(mail.text).toContain('Ihre Kündigung ist mit dem Eingang bei uns wirksam.');
    expect(mail.text).toContain('Betroffener Vertrag: Zu Ihren Angaben passt kein laufender Vertrag dieser E-Mail-Adresse eindeutig.');
    expect(mail.text).toContain('Bitte bestätigen Sie mit diesem Link, dass sie von Ihnen stammt:');
    const link = /http:\/\/[^\s]+\/vertraege-kuendigen\/bestaetigen\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    expect(link, 'Bestätigungslink').toBeDefined();

    await page.goto(new URL(link!).pathname);
    await expect(page).toHaveURL(/\/vertraege-kuendigen\/bestaetigen$/);
    await page.getByRole('button', { name: 'Identität bestätigen' }).click();
    await expect(page.getByText('Vielen Dank, Ihre Identität ist bestätigt.')).toBeVisible();
    await expect(page.getByRole('main')).toContainText(contract);
    await expect(page.getByRole('main')).toContainText('Wir prüfen Ihre Kündigung von Hand');
  });

  test('the extraordinary cancellation repeats the end asked for as a wish and promises our decision', async ({ page }) => {
    await page.goto('/vertraege-kuendigen');
    await islandsReady(page);
    const form = page.getByRole('form', { name: 'Kündigungsformular' });
    await form.getByRole('radio', { name: 'Außerordentliche Kündigung' }).check();
    await expect(form).toContainText('Über eine außerordentliche Kündigung und das Vertragsende entscheiden wir nach Prüfung des Grundes');
    await form.getByLabel('Kündigen zum').selectOption('date');
    await expect(form.getByText('Ihren Wunsch prüfen wir zusammen mit dem Grund Ihrer Kündigung.')).toBeVisible();
  });

  for (const path of ['/vertraege-kuendigen/bestaetigen', '/online-widerrufsformular/bestaetigen']) {
    test(`the confirmation page ${path} without its code says what to do`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('alert')).toContainText('Bitte öffnen Sie den vollständigen Link');
      await expectNoAxeViolations(page);
    });
  }
});

test.describe('withdrawal (§ 356a BGB)', () => {
  test("'Vertrag widerrufen' is highlighted on the withdrawal page and leads to the online form", async ({ page }) => {
    await page.goto('/widerrufsformular');
    // The footer of every page has the same button; this is the highlighted one of the page itself.
    const entry = page.getByRole('main').getByRole('link', { name: 'Vertrag widerrufen' });
    await expect(entry).toBeVisible();
    await expect(entry).toBeInViewport();
    await entry.click();
    await expect(page).toHaveURL(/\/online-widerrufsformular$/);
    await expect(page.getByRole('heading', { name: 'Vertrag widerrufen' })).toBeVisible();
    await page.goto('/revocation-form');
    await expect(page).toHaveURL(/\/online-widerrufsformular$/);
  });

  test('withdraws in two steps: the data, then a separate "Widerruf bestätigen"', async ({ page }) => {
    test.slow();
    const contract = uniqueText('Webapp Business');
    await page.goto('/online-widerrufsformular');
    await islandsReady(page);
    const form = page.getByRole('form', { name: 'Vertrag widerrufen' });
    await form.getByLabel('Vertrag oder Produkt').fill(contract);
    await form.getByLabel('Name').fill('Özlem Yıldız');
    await form.getByLabel('E-Mail').fill('oezlem@example.test');
    await solveSecurityCheck(page, form, { proofOfWork: false });
    await expect(form.getByRole('button', { name: 'Widerruf bestätigen' })).toHaveCount(0);
    await form.getByRole('button', { name: 'Weiter zur Bestätigung' }).click();

    const review = form.getByRole('region', { name: 'Bitte prüfen Sie Ihren Widerruf' });
    await expect(review).toContainText(contract);
    await expect(review).toContainText('Hiermit widerrufe ich den von mir abgeschlossenen Vertrag.');
    await form.getByRole('button', { name: 'Widerruf bestätigen' }).click();

    const receipt = page.getByRole('region', { name: 'Ihr Widerruf ist bei uns eingegangen' });
    await expect(receipt).toBeVisible({ timeout: 15_000 });
    await expect(receipt).toContainText(contract);
    await expect(receipt).toContainText(RECEIVED_AT);
    await expect(receipt).toContainText('Ihr Widerruf ist mit dem Eingang bei uns wirksam.');
    const mail = await mailContaining(contract, 'oezlem@example.test');
    expect(mail.subject).toMatch(/^Eingangsbestätigung Ihres Widerrufs/);
    expect(mail.text).toMatch(RECEIVED_AT);
    expect(mail.text).toContain('Ihr Widerruf ist mit dem Eingang bei uns wirksam.');

    // The identity link: opening it confirms nothing, the button does; no order fits, so an agent checks it.
    const link = /http:\/\/[^\s]+\/online-widerrufsformular\/bestaetigen\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
    expect(link, 'Bestätigungslink').toBeDefined();
    await page.goto(new URL(link!).pathname);
    await expect(page).toHaveURL(/\/online-widerrufsformular\/bestaetigen$/);
    await page.getByRole('button', { name: 'Identität bestätigen' }).click();
    await expect(page.getByText('Vielen Dank, Ihre Identität ist bestätigt.')).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Wir prüfen Ihren Widerruf von Hand');
    await expectNoAxeViolations(page);
  });

  test('going back from the review keeps what was typed', async ({ page }) => {
    test.slow();
    await page.goto('/online-widerrufsformular');
    await islandsReady(page);
    const form = page.getByRole('form', { name: 'Vertrag widerrufen' });
    await form.getByLabel('Vertrag oder Produkt').fill('Hosting');
    await form.getByLabel('Name').fill('Max');
    await form.getByLabel('E-Mail').fill('max@example.test');
    await solveSecurityCheck(page, form, { proofOfWork: false });
    await form.getByRole('button', { name: 'Weiter zur Bestätigung' }).click();
    await form.getByRole('button', { name: 'Angaben ändern' }).click();
    await expect(form.getByLabel('Vertrag oder Produkt')).toHaveValue('Hosting');
  });
});

test.describe('data-processing agreement (Art. 28 GDPR)', () => {
  test('prospects read the whole draft, with blanks for the customer and both annexes', async ({ page }) => {
    await page.goto('/av-vertrag');
    const draft = page.getByRole('region', { name: 'Entwurf: Vertrag zur Auftragsverarbeitung nach Art. 28 DSGVO' });
    await expect(draft).toContainText('Verantwortlicher (Auftraggeber): [Name und Anschrift des Auftraggebers], Kundennummer [Kundennummer]');
    await expect(draft).toContainText('Auftragsverarbeiter (Auftragnehmer): Kraus Webentwicklung GmbH, Hansaring 61, 50670 Köln');
    await expect(draft.getByRole('heading', { level: 3, name: 'Anlage 1: Technische und organisatorische Maßnahmen (Art. 32 DSGVO)' })).toBeVisible();
    await expect(draft.getByRole('heading', { level: 3, name: 'Anlage 2: Unterauftragsverarbeiter' })).toBeVisible();
    await expect(draft).toContainText('Netlify, Inc., San Francisco, USA');
    await expect(draft).not.toContainText('{{');
    // The overview lists the agreement's own sections and leads to each.
    const contents = page.getByRole('navigation', { name: 'Das regelt der Vertrag' });
    await contents.getByRole('link', { name: 'Anlage 2: Unterauftragsverarbeiter' }).click();
    await expect(draft.getByRole('heading', { name: 'Anlage 2: Unterauftragsverarbeiter' })).toBeInViewport();
  });

  test('is reachable from the privacy policy; the request asks for no address and answers without telling whether the number exists', async ({ page }) => {
    test.slow();
    await page.goto('/datenschutz');
    // The text's link (the contents beside it link the section's heading, also named AV-Vertrag).
    await page.getByRole('main').getByRole('article').getByRole('link', { name: /AV-Vertrag/ }).click();
    await expect(page).toHaveURL(/\/av-vertrag$/);
    await islandsReady(page);
    const form = page.getByRole('form', { name: 'AV-Vertrag anfordern' });
    await expect(form.getByLabel(/E-Mail/)).toHaveCount(0);
    const customerNumber = `K-9${String(Date.now()).slice(-8)}`;
    await form.getByLabel('Kundennummer').fill(customerNumber);
    await form.getByLabel('Postleitzahl').fill('50667');
    await solveSecurityCheck(page, form);
    await form.getByRole('button', { name: 'AV-Vertrag anfordern' }).click();
    const receipt = page.getByRole('region', { name: 'Ihre Anforderung ist bei uns eingegangen' });
    await expect(receipt).toBeVisible({ timeout: 15_000 });
    await expect(receipt).toContainText(customerNumber);
    await expect(receipt).toContainText('Passen Kundennummer und Postleitzahl zu unseren Kundendaten, senden wir Ihnen den Vertrag');
    await expect(receipt).toContainText(RECEIVED_AT);
    // No customer has this number: nothing was sent to anybody.
    expect((await sentMails()).filter((mail) => mail.text?.includes(customerNumber))).toEqual([]);
  });

  test('shows the field rules in German', async ({ page }) => {
    await page.goto('/av-vertrag');
    await islandsReady(page);
    const form = page.getByRole('form', { name: 'AV-Vertrag anfordern' });
    await form.getByLabel('Kundennummer').fill('V-000042');
    await expect(form.getByText('Bitte geben Sie Ihre Kundennummer so ein, wie sie im Kundenbereich steht, zum Beispiel K-000042.')).toBeVisible();
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`form pages are accessible (${colorScheme} theme)`, () => {
    test.use({ colorScheme });
    for (const path of ['/vertraege-kuendigen', '/online-widerrufsformular', '/av-vertrag', '/inquiry', '/demo-anfordern', '/widerrufsformular']) {
      test(`${path} has no axe violations`, async ({ page }) => {
        // Scanned while the form's proof of work keeps the CPU busy in the background.
        test.slow();
        await page.goto(path);
        await expectNoAxeViolations(page);
      });
    }
  });
}
