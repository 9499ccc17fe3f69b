import type { Page } from '@playwright/test';
import { earliestEnd } from '../../src/lib/contracts/ends.ts';
import { germanDate, todayIso } from '../../src/lib/forms/dates.ts';
import { pdfText } from '../support/pdf-text.ts';
import { acceptConsumerTerms, fillBillingAddress, openCheckoutWith } from './checkout-helpers.ts';
import { fillCancellation, solveSecurityCheck } from './forms-helpers.ts';
import { expect, expectNoAxeViolations, islandsReady, test } from './fixtures.ts';
import { acceptInDashboard, openOrderInInbox } from './order-decision.ts';
import { recipientOf, sentMails } from './outbox.ts';
import { PROOF_OF_WORK_TIMEOUT } from './support/proof-of-work.ts';

/**
 * Issue 19 as a new customer lives it, through the pages only: register, confirm the address
 * from the mail, order as a consumer, have the order accepted by an agent (the domain and the
 * hours are reviewed first, decision 0053), find the contracts in the customer area, read the
 * contract confirmation PDF, cancel the package in one step, see a public cancellation of the
 * domain wait for the confirmation link (decision 0054), and see both in the agent's contract
 * list – every date the one the contract module computes.
 */

/** The end a regular cancellation received today gives a contract starting today. */
function nextEnd(minimumMonths: number, noticeDays: number): string {
  const today = todayIso();
  return germanDate(earliestEnd({ startsOn: today, minimumMonths, noticeDays, customerType: 'consumer' }, today));
}

async function mailTo(email: string, subject: RegExp): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        text = (await sentMails()).find((mail) => recipientOf(mail) === email && subject.test(mail.subject ?? ''))?.text ?? '';
        return text;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return text;
}

async function registerAndConfirm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await islandsReady(page);
  await page.getByRole('button', { name: 'Login / Registrieren' }).click();
  await page.getByRole('dialog', { name: 'Willkommen zurück' }).getByRole('button', { name: 'Jetzt registrieren' }).click();
  const register = page.getByRole('dialog', { name: 'Konto erstellen' });
  await register.getByLabel('Anzeigename').fill('Erika Mustermann');
  await register.getByLabel('E-Mail').fill(email);
  await register.getByLabel('Passwort (min. 8 Zeichen)').fill(password);
  await register.getByRole('button', { name: 'Registrieren' }).click();
  // Sent once the proof of work (decision 0063) is done.
  const created = page.getByRole('dialog', { name: 'Konto erstellt' });
  await expect(created).toBeVisible({ timeout: PROOF_OF_WORK_TIMEOUT });
  await created.getByRole('button', { name: 'OK' }).click();

  const link = /http:\/\/\S+\/konto-bestaetigen\/[\w-]+/.exec(await mailTo(email, /^Bitte bestätigen Sie Ihre E-Mail-Adresse/))![0];
  await page.goto(new URL(link).pathname);
  await islandsReady(page);
  await page.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ihre E-Mail-Adresse ist bestätigt.' })).toBeVisible();

  await page.getByRole('button', { name: 'Login / Registrieren' }).click();
  const login = page.getByRole('dialog', { name: 'Willkommen zurück' });
  await login.getByLabel('E-Mail').fill(email);
  await login.getByLabel('Passwort', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(login).toBeHidden();
}

async function orderAsConsumer(page: Page, email: string): Promise<string> {
  // The cart of the issue: a 6-month package, a domain and developer hours.
  await openCheckoutWith(page, [
    { id: 'webapp-basis-6m', quantity: 1 },
    { id: 'domain-de:erika-mustermann', quantity: 1 },
    { id: 'software-development', quantity: 2 },
  ]);
  const form = page.getByRole('form', { name: 'Bestellformular' });
  await fillBillingAddress(form, email);
  await form.getByRole('radio', { name: 'Überweisung / Rechnung' }).check();
  await acceptConsumerTerms(form);
  await form.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click();
  // The checkout first finishes its proof of work (docs/decisions/0040): seconds on a busy machine.
  await expect(page.getByRole('heading', { name: 'Vielen Dank für Ihre Bestellung!' })).toBeFocused({ timeout: PROOF_OF_WORK_TIMEOUT });
  return (await page.getByTestId('order-number').textContent())!;
}

test('register, confirm, order, read the confirmation, cancel in one step, a public cancellation awaits its confirmation, and the agent sees both', async ({ page, browser }) => {
  // The whole life of a contract in one browser: two proofs of work (registration, order), two
  // sessions and a dozen pages – on a busy two-core machine more than the tripled default.
  test.setTimeout(180_000);
  const email = `vertraege.${Date.now()}@example.test`;
  await registerAndConfirm(page, email, 'richtig-geheim-1');
  const orderNumber = await orderAsConsumer(page, email);

  // The agent accepts it; the acceptance reaches the customer with the contract confirmation.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await acceptInDashboard(await openOrderInInbox(agent, orderNumber, 'Erika Mustermann'));
  expect(await mailTo(email, new RegExp(`^Auftragsbestätigung Ihrer Bestellung ${orderNumber}$`))).toContain(`hiermit nehmen wir Ihre Bestellung ${orderNumber}`);

  // Two contracts (the package and the domain); the hours are paid once and make none.
  await page.getByRole('link', { name: 'Kundenbereich', exact: true }).click();
  await expect(page).toHaveURL(/\/kundenbereich$/);
  await islandsReady(page);
  const contracts = page.getByRole('region', { name: 'Ihre Verträge' }).getByRole('listitem');
  await expect(contracts).toHaveCount(2);
  const packageCard = contracts.filter({ hasText: 'Webapp Basis (6 Monate)' });
  const domainCard = contracts.filter({ hasText: 'Domain' });
  const packageEnd = nextEnd(6, 10);
  await expect(packageCard).toContainText(`Nächstmögliches Ende${packageEnd}`);
  await expect(domainCard).toContainText(`Nächstmögliches Ende${nextEnd(12, 14)}`);
  for (const card of [packageCard, domainCard]) await expect(card).toContainText(`(Bestellung ${orderNumber})`);
  await expectNoAxeViolations(page);

  // The contract confirmation on a durable medium, as the customer downloads it.
  const pdfLink = page.getByRole('link', { name: `Vertragsbestätigung (PDF) zur Bestellung ${orderNumber}` });
  const download = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(download.headers()['content-type']).toBe('application/pdf');
  const { text } = await pdfText(await download.body());
  for (const part of [orderNumber, 'Widerrufsbelehrung', 'Muster-Widerrufsformular', 'Allgemeine Geschäftsbedingungen', 'Webapp Basis (6 Monate)']) {
    expect(text).toContain(part);
  }

  // One step: the contract is chosen, 'jetzt kündigen' sends the declaration.
  const contractNumber = (await packageCard.textContent())!.match(/V-\d{6,}/)![0];
  await packageCard.getByRole('link', { name: /^kündigen – Webapp Basis/ }).click();
  await islandsReady(page);
  await page.getByRole('button', { name: 'jetzt kündigen' }).click();
  const receipt = page.getByRole('region', { name: 'Ihre Kündigung ist bei uns eingegangen' });
  await expect(receipt.getByRole('heading')).toBeFocused();
  await expect(receipt).toContainText(`Gekündigter VertragWebapp Basis (6 Monate) (Vertragsnummer ${contractNumber})`);
  await expect(receipt).toContainText(`Der Vertrag endet am${packageEnd}`);
  expect(await mailTo(email, /^Eingangsbestätigung Ihrer Kündigung/)).toContain(`Der Vertrag endet am: ${packageEnd}`);

  // The area shows it cancelled, with nothing left to cancel; the cancel page says so too.
  await page.getByRole('link', { name: 'Zurück zum Kundenbereich' }).click();
  await expect(packageCard).toContainText(`Statusgekündigt zum ${packageEnd}`);
  await expect(packageCard.getByRole('link', { name: /^kündigen/ })).toHaveCount(0);
  await expect(domainCard).toContainText('Statusläuft');
  await page.goBack();
  await expect(page.getByText(`Der Vertrag Webapp Basis (6 Monate) (${contractNumber})`)).toContainText(`ist bereits gekündigt zum ${packageEnd}.`);

  // Issue 33: somebody cancels the domain through the public form with the customer's address. The
  // area shows it received but awaiting confirmation; the contract changes only once the link
  // mailed to that address is opened and confirmed (decision 0054).
  const domainEnd = nextEnd(12, 14);
  const publicContext = await browser.newContext();
  const visitor = await publicContext.newPage();
  await visitor.goto('/vertraege-kuendigen');
  await islandsReady(visitor);
  const publicForm = visitor.getByRole('form', { name: 'Kündigungsformular' });
  await fillCancellation(publicForm, 'Domain', email);
  await solveSecurityCheck(visitor, publicForm, { proofOfWork: false });
  await publicForm.getByRole('button', { name: 'jetzt kündigen' }).click();
  const publicReceipt = visitor.getByRole('region', { name: 'Ihre Kündigung ist bei uns eingegangen' });
  await expect(publicReceipt).toBeVisible({ timeout: 15_000 });
  await expect(publicReceipt).not.toContainText(domainEnd);
  await expect(publicReceipt).not.toContainText(/V-\d{6,}/);

  await page.goto('/kundenbereich');
  await islandsReady(page);
  await expect(domainCard).toContainText(`Kündigung vom ${germanDate(todayIso())} eingegangen – Bestätigung ausstehend`);
  await expect(domainCard).toContainText('Statusläuft');

  let identityLink = '';
  await expect
    .poll(
      async () => {
        const mail = (await sentMails()).find((m) => recipientOf(m) === email && /\/vertraege-kuendigen\/bestaetigen\//.test(m.text ?? ''));
        identityLink = /http:\/\/\S+\/vertraege-kuendigen\/bestaetigen\/[\w-]+/.exec(mail?.text ?? '')?.[0] ?? '';
        return identityLink;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  await visitor.goto(new URL(identityLink).pathname);
  await islandsReady(visitor);
  await visitor.getByRole('button', { name: 'Identität bestätigen' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'Vielen Dank, Ihre Identität ist bestätigt.' })).toContainText(`Der Vertrag endet am ${domainEnd}`);
  await publicContext.close();

  await page.reload();
  await islandsReady(page);
  await expect(domainCard).toContainText(`Statusgekündigt zum ${domainEnd}`);
  await expect(domainCard).not.toContainText('Bestätigung ausstehend');

  // The agent's contract list shows both cancelled to their days.
  await agent.goto('/agent/dashboard');
  await islandsReady(agent);
  const list = agent.getByRole('region', { name: 'Verträge' });
  await list.getByLabel('E-Mail, Vertrags- oder Auftragsnummer').fill(email);
  await list.getByRole('button', { name: 'Suchen' }).click();
  const table = list.getByRole('table', { name: new RegExp(email.replaceAll('.', '\\.')) });
  await expect(table.getByRole('row').filter({ hasText: contractNumber })).toContainText(`gekündigt zum ${packageEnd}`);
  await expect(table.getByRole('row').filter({ hasText: 'Domain' })).toContainText(`gekündigt zum ${domainEnd}`);
  await agentContext.close();
});
