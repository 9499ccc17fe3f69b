import { germanDate, todayIso } from '../../src/lib/forms/dates.ts';
import { acceptanceDeadline } from '../../src/lib/orders/acceptance.ts';
import { acceptConsumerTerms, fillBillingAddress, openCheckoutWith } from './checkout-helpers.ts';
import { expect, expectNoAxeViolations, islandsReady, test } from './fixtures.ts';
import { openOrderInInbox } from './order-decision.ts';
import { recipientOf, sentMails } from './outbox.ts';
import { E2E_GOOGLE_USER } from './support/google-user.ts';
import { PROOF_OF_WORK_TIMEOUT } from './support/proof-of-work.ts';

/**
 * Issue 33, decision 0053: an order with a configured application waits for an agent. The
 * checkout says so before the order is placed, the customer area shows it in review with its
 * deadline, the agent accepts it in the dashboard – by keyboard – and then the customer has the
 * contract in /kundenbereich and the Auftragsbestätigung with the contract confirmation PDF.
 * The customer signs in with Google (the local provider), which leaves the registrations of the
 * other specs their hourly limit.
 */

const CONFIGURATION = 'app;typen=portal;entwicklung=10;support=0;hosting=monatlich;anpassung=nein';

test('an agent accepts a configured order in the dashboard; the customer then has the contract and the Auftragsbestätigung', async ({ page, browser }) => {
  test.slow();
  const today = todayIso();
  const deadline = germanDate(acceptanceDeadline(today));
  await page.goto('/api/auth/google?returnTo=/');
  await page.waitForURL((url) => url.pathname === '/');

  await openCheckoutWith(page, [
    { id: `konfiguration-einrichtung:${CONFIGURATION}`, quantity: 1 },
    { id: `konfiguration-betrieb:${CONFIGURATION}`, quantity: 1 },
  ]);
  const form = page.getByRole('form', { name: 'Bestellformular' });
  await expect(form.getByTestId('acceptance-notice')).toContainText(
    `Wir prüfen Ihre Bestellung, bevor wir sie annehmen: Sie enthält eine im Auftragskonfigurator zusammengestellte Anwendung. Nach dem Absenden erhalten Sie eine Eingangsbestätigung; bis zum ${deadline} nehmen wir Ihre Bestellung mit einer Auftragsbestätigung an`,
  );
  await fillBillingAddress(form, E2E_GOOGLE_USER.email);
  await form.getByRole('radio', { name: 'Überweisung / Rechnung' }).check();
  await acceptConsumerTerms(form);
  await form.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click();
  await expect(page.getByRole('heading', { name: 'Vielen Dank für Ihre Bestellung!' })).toBeFocused({ timeout: PROOF_OF_WORK_TIMEOUT });
  const orderNumber = (await page.getByTestId('order-number').textContent())!;
  await expect(page.getByTestId('confirmation-mail')).toContainText('Sie ist noch nicht unsere Annahme.');
  await expect(page.getByTestId('acceptance-next')).toContainText(`wir prüfen sie und nehmen sie bis zum ${deadline} mit einer Auftragsbestätigung an oder lehnen sie ab.`);
  await expect(page.getByTestId('services-start')).toHaveText('Leistungsbeginn: sofort mit unserer Annahme – auf Ihr Verlangen vor Ablauf der Widerrufsfrist.');
  await expect(page.getByTestId('amounts-by-rhythm')).toContainText('Fällig mit unserer Annahme');

  // In review: the order with its deadline, no contract and no confirmation yet.
  await page.goto('/kundenbereich');
  await islandsReady(page);
  const orderRow = page.getByRole('region', { name: 'Ihre Bestellungen' }).getByRole('row', { name: new RegExp(orderNumber) });
  await expect(orderRow).toContainText(`in Prüfung – Annahme bis ${deadline}`);
  await expect(orderRow).toContainText('Vertragsbestätigung folgt mit der Annahme');
  const contract = page.getByRole('region', { name: 'Ihre Verträge' }).getByRole('listitem').filter({ hasText: `(Bestellung ${orderNumber})` });
  await expect(contract).toHaveCount(0);

  // The agent finds it in the inbox, with why it waits and until when; the reason of a rejection is required.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  const detail = await openOrderInInbox(agent, orderNumber, 'Erika Mustermann');
  await expect(detail).toContainText(`in Prüfung – Annahme bis ${deadline}`);
  await expect(detail).toContainText('eine im Auftragskonfigurator zusammengestellte Anwendung');
  const decision = detail.getByRole('region', { name: 'Annahme der Bestellung' });
  await expect(decision).toContainText(`Bitte entscheiden Sie bis zum ${deadline}`);
  await decision.getByRole('button', { name: 'Bestellung ablehnen' }).click();
  const reason = decision.getByRole('textbox', { name: 'Begründung der Ablehnung' });
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveAccessibleDescription(/Bitte begründen Sie die Ablehnung; wir senden die Begründung dem Kunden\./);
  await expectNoAxeViolations(agent);

  const accept = decision.getByRole('button', { name: 'Bestellung annehmen' });
  await accept.focus();
  await agent.keyboard.press('Enter');
  await expect(decision.getByRole('status')).toHaveText('Die Bestellung ist angenommen. Die Auftragsbestätigung wurde gesendet.');
  await expect(decision).toContainText(`Stand: angenommen am ${germanDate(today)}`);
  await expect(decision.getByRole('button', { name: 'Bestellung annehmen' })).toHaveCount(0);
  await expect(detail.getByLabel('Bearbeitungsstatus')).toHaveValue('done');
  await expectNoAxeViolations(agent);
  await agentContext.close();

  // The customer has the contract from today, the order accepted, and the confirmation to download.
  await page.reload();
  await islandsReady(page);
  await expect(contract).toHaveCount(1);
  await expect(contract).toContainText('Individuelle Webanwendung: Hosting und Support');
  await expect(contract).toContainText(`Beginn${germanDate(today)}`);
  await expect(orderRow).toContainText(`angenommen am ${germanDate(today)}`);
  await expect(page.getByRole('link', { name: `Vertragsbestätigung (PDF) zur Bestellung ${orderNumber}` })).toBeVisible();
  await expectNoAxeViolations(page);

  let acceptance: Awaited<ReturnType<typeof sentMails>>[number] | undefined;
  await expect
    .poll(
      async () => {
        acceptance = (await sentMails()).find((mail) => recipientOf(mail) === E2E_GOOGLE_USER.email && mail.subject === `Auftragsbestätigung Ihrer Bestellung ${orderNumber}`);
        return acceptance !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  expect(acceptance!.text).toContain(`hiermit nehmen wir Ihre Bestellung ${orderNumber} vom `);
  expect(acceptance!.attachments.map((attachment) => attachment.filename)).toEqual([`Vertragsbestaetigung-${orderNumber}.pdf`]);
});
