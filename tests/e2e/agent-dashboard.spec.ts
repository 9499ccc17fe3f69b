import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { germanDate, todayIso } from '../../src/lib/forms/dates.ts';
import { inboxMessages } from '../../src/lib/schemas/inbox.ts';
import { expect, expectNoAxeViolations, islandsReady, test } from './fixtures.ts';
import { fillCancellation, followSummaryLink, solveSecurityCheck, uniqueText } from './forms-helpers.ts';
import { sentMails } from './outbox.ts';
import { solvedTasks } from './support/proof-of-work.ts';

const BASE_TITLE = 'Agent-Dashboard | Kraus Webentwicklung';

/** The AGB version the build compiled (src/server/content/compile.ts); the checkout sends it with every order. */
const agbVersion = (JSON.parse(readFileSync(new URL('../../src/generated/agb-version.json', import.meta.url), 'utf8')) as { version: string }).version;

function demoAgent(): { email: string; password: string } {
  return JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, 'demo-agent.json'), 'utf8')) as { email: string; password: string };
}

/** Another browser (a visitor or a customer) talking to the API as our pages do: cookies first, then the CSRF header. */
async function apiClient(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  await context.request.get('/api/visitor');
  const token = decodeURIComponent((await context.cookies()).find((c) => c.name === 'csrf_token')!.value);
  const headers = { Origin: baseURL, 'Sec-Fetch-Site': 'same-origin', 'X-CSRF-Token': token };
  return {
    context,
    post: (path: string, data: unknown, extra: Record<string, string> = {}) => context.request.post(path, { data, headers: { ...headers, ...extra } }),
    get: (path: string) => context.request.get(path),
  };
}

/** An order of one item by Erika Mustermann as a consumer, placed through the API as the checkout sends it; answers its number. */
async function placeOrder(
  customer: Awaited<ReturnType<typeof apiClient>>,
  order: { item: string; quantity?: number; email: string; paymentMethod?: 'invoice' | 'paypal' },
): Promise<string> {
  const placed = await customer.post(
    '/api/orders',
    {
      items: [{ id: order.item, quantity: order.quantity ?? 1 }],
      customer: { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email: order.email },
      paymentMethod: order.paymentMethod ?? 'invoice',
      consents: { agb: true, agbVersion, earlyStart: true, waiverAcknowledged: true },
      hashcash_solutions: await solvedTasks(customer.context.request),
    },
    { 'Idempotency-Key': `agent-dashboard-${crypto.randomUUID()}` },
  );
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { orderId: string }).orderId;
}

/** Opens the dashboard logged out: the login dialog opens by itself; logs in with it. */
async function logInOnDashboard(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/agent/dashboard');
  await islandsReady(page);
  const dialog = page.getByRole('dialog', { name: 'Willkommen zurück' });
  await expect(dialog).toBeVisible();
  await expect(page.getByText('Bitte melden Sie sich als Support-Mitarbeiter an, um das Agent-Dashboard zu sehen.')).toBeVisible();
  await dialog.getByLabel('E-Mail').fill(email);
  await dialog.getByLabel('Passwort', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function logInAsAgent(page: Page): Promise<void> {
  const agent = demoAgent();
  await logInOnDashboard(page, agent.email, agent.password);
  await expect(page.getByRole('heading', { level: 2, name: 'Unterhaltungen' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Posteingang' })).toBeVisible();
}

/** The tab title matches the unread total the dashboard shows ('(3) Agent-Dashboard | …', plain at 0). */
async function expectTitleMatchesUnread(page: Page): Promise<number> {
  let total = -1;
  await expect
    .poll(async () => {
      total = Number(/^(\d+)/.exec((await page.getByTestId('total-unread').textContent()) ?? '')?.[1] ?? -1);
      const title = await page.title();
      return title === (total > 0 ? `(${total}) ${BASE_TITLE}` : BASE_TITLE) && total >= 0;
    })
    .toBe(true);
  return total;
}

test.describe('agent dashboard', () => {
  test('a visitor message arrives with its unread count and in the tab title; opening reads it; the reply reaches the visitor', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.slow();
    const visitor = await apiClient(browser, baseURL!);
    await logInAsAgent(page);
    await expect(page).toHaveTitle(/Agent-Dashboard \| Kraus Webentwicklung$/);

    const question = uniqueText('Wann ist mein Server wieder erreichbar?');
    const started = await visitor.post('/api/chat/conversations', { text: question, tempId: crypto.randomUUID() });
    expect(started.status()).toBe(201);
    const { conversation } = (await started.json()) as { conversation: { id: string } };

    const entry = page.getByRole('region', { name: 'Unterhaltungen' }).getByRole('button').filter({ hasText: question });
    await expect(entry).toBeVisible({ timeout: 10_000 });
    await expect(entry.getByTestId('unread-count')).toHaveText('1 ungelesen');
    expect(await expectTitleMatchesUnread(page)).toBeGreaterThanOrEqual(1);
    await expect(page).toHaveTitle(/^\(\d+\) Agent-Dashboard/);

    await entry.click();
    // The list entry shows the newest message, so from here on it is found as the open one.
    const open = page.getByRole('region', { name: 'Unterhaltungen' }).locator('button[aria-current="true"]');
    await expect(open).toContainText(question);
    const thread = page.getByRole('region', { name: 'Unterhaltung', exact: true });
    await expect(thread.getByRole('list', { name: 'Nachrichten' })).toContainText(question);
    await expect(open.getByTestId('unread-count')).toHaveCount(0);
    await expectTitleMatchesUnread(page);

    const answer = uniqueText('Der Server läuft wieder.');
    await thread.getByLabel('Antwort').fill(answer);
    await thread.getByRole('button', { name: 'Antwort senden' }).click();
    await expect(thread.getByRole('listitem').filter({ hasText: answer })).toContainText('Support');
    await expect(thread.getByRole('listitem').filter({ hasText: answer })).not.toContainText('wird gesendet');
    const seen = await visitor.get(`/api/chat/conversations/${conversation.id}/messages`);
    expect(((await seen.json()) as { messages: { author: string; text: string }[] }).messages).toContainEqual(
      expect.objectContaining({ author: 'agent', text: answer }),
    );

    // A visitor message while the thread is open appears there and stays read.
    const followUp = uniqueText('Danke, und die Mails?');
    expect((await visitor.post(`/api/chat/conversations/${conversation.id}/messages`, { text: followUp, tempId: crypto.randomUUID() })).status()).toBe(201);
    await expect(thread.getByRole('list', { name: 'Nachrichten' })).toContainText(followUp, { timeout: 10_000 });
    await expect(open).toContainText(followUp);
    await expect(open.getByTestId('unread-count')).toHaveCount(0, { timeout: 10_000 });

    await thread.getByRole('button', { name: 'Unterhaltung schließen' }).click();
    await expect(thread.getByRole('button', { name: 'Unterhaltung wieder öffnen' })).toBeVisible();
    await expect(open).toContainText('Geschlossen');
    await thread.getByLabel('Zuständig').selectOption({ label: 'Demo-Agent' });
    await thread.getByRole('button', { name: 'Zuweisen' }).click();
    await expect(open).toContainText('Zuständig: Demo-Agent');

    await expect(page.getByRole('navigation', { name: 'Seiten der Unterhaltungen' })).toContainText(/Seite 1 von \d+ · \d+ Unterhaltung/);
    const inbox = page.getByRole('region', { name: 'Posteingang' });
    await expect(inbox.getByRole('navigation', { name: 'Seiten des Posteingangs' })).toBeVisible();
    await expectNoAxeViolations(page);
    await visitor.context.close();
  });

  test('a visitor in the chat modal and an agent on the dashboard, each in their own browser', async ({ page, browser, baseURL }) => {
    test.slow();
    const visitorContext = await browser.newContext({ baseURL });
    const visitorPage = await visitorContext.newPage();
    await visitorPage.goto('/impressum');
    await islandsReady(visitorPage);
    await visitorPage.getByRole('button', { name: 'Chat Support öffnen' }).click();
    const chat = visitorPage.getByRole('dialog', { name: 'Chat Support' });
    const question = uniqueText('Ist mein Domain-Umzug schon durch?');
    await chat.getByLabel('Ihre Nachricht').fill(question);
    await chat.getByLabel('Ihre Nachricht').press('Enter');
    await expect(chat.getByRole('listitem').filter({ hasText: question })).not.toContainText('wird gesendet');

    await logInAsAgent(page);
    const entry = page.getByRole('region', { name: 'Unterhaltungen' }).getByRole('button').filter({ hasText: question });
    await expect(entry.getByTestId('unread-count')).toHaveText('1 ungelesen', { timeout: 10_000 });
    await entry.click();
    await expect(page.getByRole('region', { name: 'Unterhaltungen' }).locator('button[aria-current="true"]').getByTestId('unread-count')).toHaveCount(0);
    await expectTitleMatchesUnread(page);

    const answer = uniqueText('Ja, seit heute Morgen.');
    const thread = page.getByRole('region', { name: 'Unterhaltung', exact: true });
    await thread.getByLabel('Antwort').fill(answer);
    await thread.getByRole('button', { name: 'Antwort senden' }).click();
    await expect(thread.getByRole('listitem').filter({ hasText: answer })).not.toContainText('wird gesendet');
    // The open chat polls every 2.5 s (issue 11: within 3 s); the margin absorbs a busy test machine.
    await expect(chat.getByRole('listitem').filter({ hasText: answer })).toContainText('Support', { timeout: 5_000 });
    await visitorContext.close();
  });

  test('a cancellation from the real form is processed with an end date; the confirmation reaches the outbox', async ({ page }) => {
    test.slow();
    const contract = uniqueText('Hosting Premium');
    await page.goto('/vertraege-kuendigen');
    await islandsReady(page);
    const form = page.getByRole('form', { name: 'Kündigungsformular' });
    await fillCancellation(form, contract, 'kuendigung.e2e@example.test');
    await solveSecurityCheck(page, form, { proofOfWork: false });
    await form.getByRole('button', { name: 'jetzt kündigen' }).click();
    await expect(page.getByRole('region', { name: 'Ihre Kündigung ist bei uns eingegangen' })).toBeVisible({ timeout: 15_000 });

    await logInAsAgent(page);
    const inbox = page.getByRole('region', { name: 'Posteingang' });
    await expect(inbox.getByLabel('Art')).toContainText(/Kündigung \(\d+ neu\)/);
    await inbox.getByLabel('Art').selectOption('cancellation');
    await inbox.getByLabel('Status', { exact: true }).selectOption('new');
    const entry = inbox.getByRole('button').filter({ hasText: contract });
    await expect(entry).toContainText('Neu');
    await entry.click();
    const detail = inbox.getByRole('region', { name: new RegExp(`Kündigung Nr\\. \\d+: ${contract}`) });
    await expect(detail.getByRole('definition').filter({ hasText: 'kuendigung.e2e@example.test' })).toBeVisible();
    await expect(detail).toContainText('Nächstmöglicher Termin');
    // Nobody confirmed it yet (decision 0054): the agent's processing is what attributes it.
    await expect(detail).toContainText('Zugeordnetnoch nicht – der Vertrag bleibt unverändert');
    await detail.getByLabel('Vertragsende').fill('2027-12-31');
    await detail.getByRole('button', { name: 'Kündigung bearbeiten' }).click();
    await expect(detail.getByRole('status')).toHaveText('Die Kündigung ist bearbeitet. Die Bestätigung mit dem Vertragsende 31.12.2027 wurde versendet.');
    await expect(detail).toContainText('Vertragsende 31.12.2027. Die Kündigungsbestätigung wurde an kuendigung.e2e@example.test gesendet.');
    await expect(detail).toContainText('Status: Erledigt');
    await expect(detail).toContainText('Zugeordnetdurch die Bearbeitung im Dashboard');

    let confirmations: string[] = [];
    await expect
      .poll(
        async () => {
          confirmations = (await sentMails())
            .filter((mail) => mail.subject?.startsWith('Bestätigung Ihrer Kündigung') && mail.text?.includes(contract))
            .map((mail) => mail.text ?? '');
          return confirmations.length;
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(confirmations[0]).toContain('Vertragsende: 31.12.2027');
  });

  test('an extraordinary cancellation is decided with an end and a reason; the decision reaches the outbox', async ({ page }) => {
    test.slow();
    const contract = uniqueText('Webapp Business');
    await page.goto('/vertraege-kuendigen');
    await islandsReady(page);
    const form = page.getByRole('form', { name: 'Kündigungsformular' });
    await fillCancellation(form, contract, 'ausserordentlich.e2e@example.test');
    await form.getByRole('radio', { name: 'Außerordentliche Kündigung' }).check();
    await form.getByLabel('Kündigungsgrund').fill('Der Dienst ist seit Wochen nicht erreichbar.');
    await solveSecurityCheck(page, form, { proofOfWork: false });
    await form.getByRole('button', { name: 'jetzt kündigen' }).click();
    await expect(page.getByRole('region', { name: 'Ihre Kündigung ist bei uns eingegangen' })).toBeVisible({ timeout: 15_000 });

    await logInAsAgent(page);
    const inbox = page.getByRole('region', { name: 'Posteingang' });
    await inbox.getByLabel('Art').selectOption('cancellation');
    await inbox.getByRole('button').filter({ hasText: contract }).click();
    const detail = inbox.getByRole('region', { name: new RegExp(`Kündigung Nr\\. \\d+: ${contract}`) });
    const decision = detail.getByRole('form', { name: 'Über die außerordentliche Kündigung entscheiden' });
    await expect(detail.getByRole('button', { name: 'Kündigung bearbeiten' })).toHaveCount(0);
    await decision.getByLabel('Vertragsende').fill('2027-01-31');
    await decision.getByRole('button', { name: 'Entscheidung senden' }).click();
    // The reason is required: the customer reads it. The form's error summary takes the focus and leads to it (decision 0070).
    await followSummaryLink(decision, inboxMessages.decisionReasonRequired, decision.getByRole('textbox', { name: /Begründung der Entscheidung/ }));
    await expect(decision.getByRole('textbox', { name: /Begründung der Entscheidung/ })).toHaveAttribute('aria-invalid', 'true');
    await decision.getByRole('textbox', { name: /Begründung der Entscheidung/ }).fill('Ein wichtiger Grund liegt vor.');
    await decision.getByRole('button', { name: 'Entscheidung senden' }).click();
    await expect(detail.getByRole('status')).toHaveText('Die Entscheidung ist gespeichert und versendet: Der Vertrag endet am 31.01.2027.');
    await expect(detail).toContainText('Vertragsende 31.01.2027. Die Entscheidung wurde an ausserordentlich.e2e@example.test gesendet.');
    await expectNoAxeViolations(page);

    await expect
      .poll(
        async () =>
          (await sentMails()).filter((mail) => mail.subject?.startsWith('Entscheidung über Ihre außerordentliche Kündigung') && mail.text?.includes(contract))
            .length,
        { timeout: 15_000 },
      )
      .toBe(1);
  });

  test('an order shows its invoices, which the invoice list records payments for', async ({ page, browser, baseURL }) => {
    const customer = await apiClient(browser, baseURL!);
    // Accepted at once (decision 0053): only an accepted order has anything to pay.
    const orderId = await placeOrder(customer, { item: 'restore-backup', quantity: 2, email: 'erika.e2e@example.test', paymentMethod: 'paypal' });
    await customer.context.close();

    await logInAsAgent(page);
    const inbox = page.getByRole('region', { name: 'Posteingang' });
    await inbox.getByLabel('Art').selectOption('order');
    await inbox.getByRole('button', { name: new RegExp(`Bestellung ${orderId} von Erika Mustermann`) }).click();
    const detail = inbox.getByRole('region', { name: `Bestellung ${orderId} von Erika Mustermann` });
    await expect(detail).toContainText('2 × Backup wiederherstellen – 40,00 €, einmalig');
    await expect(detail).toContainText(`angenommen am ${germanDate(todayIso())}`);
    await expect(detail).toContainText('Jetzt fällig (brutto)');
    await expect(detail).toContainText(agbVersion);
    // Whether it is paid is read from its invoices (issue 34): the first one, open, recorded in the invoice list.
    await expect(detail).toContainText('Rechnungen dieser Bestellung');
    await expect(detail).toContainText(/RE-\d{6} \(Rechnung, 40,00\s€\): offen/);
    await expect(detail.getByRole('button', { name: 'Als bezahlt markieren' })).toHaveCount(0);
    await detail.getByRole('button', { name: 'In der Rechnungsliste zeigen' }).click();
    const invoices = page.getByRole('region', { name: 'Rechnungen' });
    await expect(invoices.getByRole('heading', { name: 'Rechnungen', level: 2 })).toBeFocused();
    await expect(invoices.getByLabel('Rechnungs-, Auftrags- oder Mandatsnummer, Name, E-Mail')).toHaveValue(orderId);
    await expect(invoices.getByRole('row', { name: new RegExp(`Auftrag ${orderId}`) })).toContainText('Offen');

    await detail.getByLabel('Bearbeitungsstatus').selectOption('done');
    await detail.getByRole('button', { name: 'Status speichern' }).click();
    await expect(detail.getByRole('status')).toHaveText('Der Status ist jetzt „Erledigt“.');
    await expect(detail).toContainText('von Demo-Agent');
  });

  test("an order's contract appears under 'Verträge', found by its order number", async ({ page, browser, baseURL }) => {
    const email = `vertrag.${Date.now()}@example.test`;
    const customer = await apiClient(browser, baseURL!);
    const orderId = await placeOrder(customer, { item: 'webapp-basis-6m', email });
    await customer.context.close();

    await logInAsAgent(page);
    const contracts = page.getByRole('region', { name: 'Verträge' });
    await contracts.getByLabel('E-Mail, Vertrags- oder Auftragsnummer').fill(orderId.toLowerCase());
    await contracts.getByRole('button', { name: 'Suchen' }).click();
    const table = contracts.getByRole('table', { name: new RegExp(email.replaceAll('.', '\\.')) });
    await expect(table).toContainText('Verbraucher · 1 Vertrag');
    for (const header of ['Vertrag', 'Auftrag', 'Leistung', 'Preis je Zeitraum', 'Beginn', 'Mindestlaufzeit bis', 'Status', 'Vertragsende / nächstmögliches Ende']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    const row = table.getByRole('row').filter({ hasText: orderId });
    await expect(row.getByRole('rowheader')).toHaveText(/^V-\d{6}$/);
    await expect(row).toContainText('läuft');
    await expect(row).toContainText(/nächstmöglich \d{2}\.\d{2}\.\d{4}/);
    // 90,00 € a month, paid for 6 months in advance (the price list's 'webapp-basis-6m').
    await expect(row).toContainText('Webapp Basis (6 Monate)');
    await expect(row).toContainText('540,00\u00a0€, je 6 Monate');
    await expect(contracts.getByRole('navigation', { name: 'Seiten der Verträge' })).toContainText('Seite 1 von 1 · 1 Kunde');
    await expectNoAxeViolations(page);
  });

  test('long typed words reflow on a 320 px phone: an e-mail address in the inbox and its detail, the invoice and contract lists; an unbroken word in the conversations and the thread', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = `ein.sehr.langer.adressname.${Date.now()}@kundenbereich-beispiel.example.test`;
    const customer = await apiClient(browser, baseURL!);
    // A one-off service (accepted at once, so invoiced: the invoice list) and a package (a contract: the contract list).
    const orderId = await placeOrder(customer, { item: 'restore-backup', email });
    await placeOrder(customer, { item: 'webapp-basis-6m', email });
    const word = `Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen${Date.now()}`;
    expect((await customer.post('/api/chat/conversations', { text: word, tempId: crypto.randomUUID() })).status()).toBe(201);
    await customer.context.close();

    await page.setViewportSize({ width: 320, height: 800 });
    await logInAsAgent(page);
    const pageWidth = () => page.evaluate(() => document.scrollingElement!.scrollWidth);
    const conversations = page.getByRole('region', { name: 'Unterhaltungen' });
    await conversations.getByRole('button').filter({ hasText: word }).click();
    await expect(page.getByRole('region', { name: 'Unterhaltung', exact: true }).getByRole('list', { name: 'Nachrichten' })).toContainText(word);
    expect(await pageWidth()).toBeLessThanOrEqual(320);

    const inbox = page.getByRole('region', { name: 'Posteingang' });
    await inbox.getByLabel('Art').selectOption('order');
    await inbox.getByRole('button', { name: new RegExp(`Bestellung ${orderId}`) }).click();
    await expect(inbox.getByRole('region', { name: new RegExp(`Bestellung ${orderId}`) }).getByRole('link', { name: email })).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(320);
  });

  test("a customer sees 'Kein Zugriff' and the API refuses them", async ({ page }) => {
    // A customer signed in with Google (the e2e OpenID provider's Greta Google): no registration,
    // whose 10 an hour per address the suite's other specs need (src/server/rate-limits.ts).
    await page.goto('/api/auth/google?returnTo=/agent/dashboard');
    await page.waitForURL((url) => url.pathname === '/agent/dashboard');
    await islandsReady(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Kein Zugriff' })).toBeVisible();
    await expect(page.getByText('Dieser Bereich ist nur für Support-Mitarbeiter zugänglich.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Posteingang' })).toHaveCount(0);
    const answer = await page.request.get('/api/agent/inbox');
    expect(answer.status()).toBe(403);
    await expectNoAxeViolations(page);
  });
});
