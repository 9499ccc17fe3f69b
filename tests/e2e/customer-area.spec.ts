import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { earliestEnd } from '../../src/lib/contracts/ends.ts';
import { germanDate, todayIso } from '../../src/lib/forms/dates.ts';
import { expect, expectNoAxeViolations, islandsReady, layoutShiftTotal, test } from './fixtures.ts';
import { logInAsDemoAgent } from './sweeps/site.ts';
import { solvedTasks } from './support/proof-of-work.ts';

/** Issue 19: the customer area (/kundenbereich) and the cancellation of a contract from it (docs/decisions/0030). */

/** The AGB version the build compiled (src/server/content/compile.ts); the checkout sends it with every order. */
const agbVersion = (JSON.parse(readFileSync(new URL('../../src/generated/agb-version.json', import.meta.url), 'utf8')) as { version: string }).version;

let counter = 0;

/**
 * A customer logged in in this page's browser who ordered a 6-month package, set up through the
 * API as the pages call it (the checkout's own tests cover the way through the forms).
 */
async function customerWithOrder(page: Page, baseURL: string): Promise<{ email: string; orderNumber: string; headers: Record<string, string> }> {
  counter += 1;
  const email = `kundenbereich.${Date.now()}.${counter}@example.test`;
  await page.request.get('/api/visitor');
  const token = decodeURIComponent((await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')!.value);
  const headers = { Origin: baseURL, 'Sec-Fetch-Site': 'same-origin', 'X-CSRF-Token': token };
  const account = { email, password: 'richtig-geheim-1', displayName: 'Erika Mustermann' };
  expect((await page.request.post('/api/auth/register', { data: { ...account, hashcash_solutions: await solvedTasks(page.request) }, headers })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { data: { email, password: account.password }, headers })).status()).toBe(200);
  const placed = await page.request.post('/api/orders', {
    data: {
      items: [{ id: 'webapp-basis-6m', quantity: 1 }],
      customer: { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email },
      paymentMethod: 'invoice',
      consents: { agb: true, agbVersion, earlyStart: true, waiverAcknowledged: true },
      hashcash_solutions: await solvedTasks(page.request),
    },
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return { email, orderNumber: ((await placed.json()) as { orderId: string }).orderId, headers };
}

/** The end a regular cancellation received today gives the package ordered today (src/lib/contracts/ends.ts). */
function nextPossibleEnd(): string {
  const today = todayIso();
  return germanDate(earliestEnd({ startsOn: today, minimumMonths: 6, noticeDays: 10, customerType: 'consumer' }, today));
}

/** WCAG 1.4.10: on a 320 px wide screen the page reflows, nothing scrolls sideways. */
async function expectReflow(page: Page): Promise<void> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize(size);
}

test.describe('customer area', () => {
  test('visitors are asked to log in on both pages and can reach the public cancellation form', async ({ page }) => {
    for (const path of ['/kundenbereich', '/kundenbereich/kuendigen?vertrag=V-000001']) {
      await page.goto(path);
      await islandsReady(page);
      await expect(page.getByRole('status').filter({ hasText: /^Bitte melden Sie sich an/ })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Kündigungsformular' })).toHaveAttribute('href', '/vertraege-kuendigen');
      await expect(page.getByRole('button', { name: 'jetzt kündigen' })).toHaveCount(0);
    }
    await page.getByRole('main').getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('dialog', { name: 'Willkommen zurück' })).toBeVisible();
  });

  test('a visitor sees the login prompt from the first paint: nothing moves when the session check answers, and it stands without JavaScript', async ({ page, browser }) => {
    // Lighthouse's phone screen, where the footer begins inside the first screen of these pages.
    await page.setViewportSize({ width: 412, height: 823 });
    for (const path of ['/kundenbereich', '/settings', '/agent/dashboard']) {
      await page.goto(path);
      await islandsReady(page);
      await expect(page.getByRole('status').filter({ hasText: /^Bitte melden Sie sich/ })).toBeVisible();
      await expect(page.getByText('Ihre Anmeldung wird geprüft …')).toBeHidden();
      // The prompt's answer moved the footer by 0.043 here; a web font's swap in the header (a cold cache) may shift a little.
      expect(await layoutShiftTotal(page, 500), path).toBeLessThan(0.01);
      await page.keyboard.press('Escape'); // the dialog the settings and the agent desk open by themselves
    }

    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const reader = await withoutScripts.newPage();
    await reader.goto('/kundenbereich');
    await expect(reader.getByText('Bitte melden Sie sich an, um Ihre Verträge, Bestellungen und Rechnungen zu sehen.')).toBeVisible();
    await expect(reader.getByRole('link', { name: 'Kündigungsformular' })).toBeVisible();
    await expect(reader.getByText('Ihre Anmeldung wird geprüft …')).toBeHidden();
    await withoutScripts.close();
  });

  test.describe('logged in', () => {
    test.use({ allowConsoleErrors: [/status of 409/] });

    test('a customer sees the contract and the order, opens the cancel page with the contract preselected, and learns when it was cancelled meanwhile; axe finds nothing', async ({ page, baseURL }) => {
      const { orderNumber, headers } = await customerWithOrder(page, baseURL!);
      await page.goto('/');
      await islandsReady(page);
      await page.getByRole('link', { name: 'Kundenbereich', exact: true }).click();
      await expect(page).toHaveURL(/\/kundenbereich$/);

      await expect(page.getByRole('heading', { level: 2, name: 'Ihre E-Mail-Adresse ist noch nicht bestätigt' })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(/Ihre Kundennummer: K-\d{6,} – Sie brauchen sie zum Beispiel, um den AV-Vertrag anzufordern\./);
      const contracts = page.getByRole('region', { name: 'Ihre Verträge' });
      const card = contracts.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Webapp Basis (6 Monate)' }) });
      await expect(card).toContainText(`(Bestellung ${orderNumber})`);
      await expect(card).toContainText('540,00\u00a0€ je 6 Monate inkl. 19\u00a0% USt.');
      await expect(card).toContainText(`Beginn${germanDate(todayIso())}`);
      await expect(card).toContainText('Statusläuft');
      await expect(card).toContainText(`Nächstmögliches Ende${nextPossibleEnd()}`);
      const contractNumber = (await card.textContent())!.match(/V-\d{6,}/)![0];

      const orders = page.getByRole('region', { name: 'Ihre Bestellungen' });
      // A package alone is accepted with its confirmation (decision 0053).
      await expect(orders.getByRole('row', { name: new RegExp(orderNumber) })).toContainText(`angenommen am ${germanDate(todayIso())}`);
      const pdf = orders.getByRole('link', { name: `Vertragsbestätigung (PDF) zur Bestellung ${orderNumber}` });
      await expect(pdf).toHaveAttribute('href', `/api/account/orders/${orderNumber}/confirmation`);
      const download = await page.request.get((await pdf.getAttribute('href'))!);
      expect(download.status()).toBe(200);
      expect(download.headers()['content-type']).toBe('application/pdf');
      await expectNoAxeViolations(page);
      await expectReflow(page);

      await card.getByRole('link', { name: `kündigen – Webapp Basis (6 Monate), Vertrag ${contractNumber}` }).click();
      await expect(page).toHaveURL(`/kundenbereich/kuendigen?vertrag=${contractNumber}`);
      const chosen = page.getByRole('region', { name: 'Ihr Vertrag' });
      await expect(chosen).toContainText('Webapp Basis (6 Monate)');
      await expect(chosen).toContainText(contractNumber);
      await expect(chosen).toContainText(nextPossibleEnd());
      const form = page.getByRole('form', { name: `Kündigung des Vertrags ${contractNumber}` });
      await expect(form.getByRole('radio', { name: 'Ordentliche Kündigung', exact: true })).toBeChecked();
      await expect(form.getByLabel('Kündigen zum')).toHaveValue('select');
      // The session identifies the customer: no name, address or security check.
      await expect(form.getByLabel('Vorname')).toHaveCount(0);
      await expect(form.getByLabel('Straße und Hausnummer')).toHaveCount(0);
      await expect(form.getByRole('button', { name: 'jetzt kündigen' })).toBeVisible();
      await expectNoAxeViolations(page);
      await expectReflow(page);

      // Cancelled meanwhile, e.g. in another tab: the reason, not 'try again'. (Cancelling itself is
      // in contract-lifecycle.spec.ts; one account per file keeps the suite under the registration limit.)
      const elsewhere = await page.request.post('/api/forms/cancellation', {
        data: { contract_number: contractNumber, contract_name: 'Webapp Basis (6 Monate)', type_of_cancellation: 'regular' },
        headers,
      });
      expect(elsewhere.status()).toBe(201);
      await form.getByRole('button', { name: 'jetzt kündigen' }).click();
      await expect(form.getByRole('status')).toHaveText('Dieser Vertrag ist bereits gekündigt.');
      await expect(page.getByRole('link', { name: 'Zurück zum Kundenbereich' })).toBeVisible();

      await page.goto('/kundenbereich/kuendigen?vertrag=V-999999');
      await islandsReady(page);
      await expect(page.getByText('Diesen Vertrag finden wir in Ihrem Kundenkonto nicht.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Zurück zum Kundenbereich' })).toHaveAttribute('href', '/kundenbereich');
    });
  });

  test('agents get no Kundenbereich link in the top bar', async ({ page }) => {
    await logInAsDemoAgent(page);
    await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Kundenbereich', exact: true })).toHaveCount(0);
  });
});
