import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, islandsReady, test } from './fixtures.ts';
import { recipientOf, sentMails } from './outbox.ts';
import { solvedTasks } from './support/proof-of-work.ts';

/**
 * Issue 24: a customer finds the invoices of their orders in /kundenbereich and downloads the PDF.
 * Placing an order issues its first invoice right after the answer (docs/decisions/0052), so the
 * invoice appears shortly after ordering.
 */

/** The AGB version the build compiled (src/server/content/compile.ts); the checkout sends it with every order. */
const agbVersion = async (): Promise<string> =>
  (JSON.parse(await readFile(new URL('../../src/generated/agb-version.json', import.meta.url), 'utf8')) as { version: string }).version;

async function confirmationToken(email: string): Promise<string> {
  let token = '';
  await expect
    .poll(
      async () => {
        const mail = (await sentMails()).find((sent) => recipientOf(sent) === email && /^Bitte bestätigen Sie Ihre E-Mail-Adresse/.test(sent.subject ?? ''));
        token = /\/konto-bestaetigen\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
        return token;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return token;
}

/**
 * A customer registered, confirmed and logged in in this page's browser who ordered a 6-month
 * package and the restore of a backup (accepted at once, decision 0053), set up through the API as the pages call it (the checkout's
 * and the registration's own tests cover the way through the forms).
 */
async function verifiedCustomerWithOrder(page: Page, baseURL: string): Promise<string> {
  const email = `rechnungen.${Date.now()}@example.test`;
  await page.request.get('/api/visitor');
  const token = decodeURIComponent((await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')!.value);
  const headers = { Origin: baseURL, 'Sec-Fetch-Site': 'same-origin', 'X-CSRF-Token': token };
  const account = { email, password: 'richtig-geheim-1', displayName: 'Erika Mustermann' };
  expect((await page.request.post('/api/auth/register', { data: { ...account, hashcash_solutions: await solvedTasks(page.request) }, headers })).status()).toBe(201);
  expect((await page.request.post('/api/auth/confirm-email', { data: { token: await confirmationToken(email) }, headers })).status()).toBe(200);
  expect((await page.request.post('/api/auth/login', { data: { email, password: account.password }, headers })).status()).toBe(200);
  const placed = await page.request.post('/api/orders', {
    data: {
      items: [
        { id: 'webapp-basis-6m', quantity: 1 },
        { id: 'restore-backup', quantity: 1 },
      ],
      customer: { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email },
      paymentMethod: 'invoice',
      consents: { agb: true, agbVersion: await agbVersion(), earlyStart: true, waiverAcknowledged: true },
      hashcash_solutions: await solvedTasks(page.request),
    },
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { orderId: string }).orderId;
}

/** WCAG 1.4.10: on a 320 px wide screen the page reflows, nothing scrolls sideways. */
async function expectReflow(page: Page): Promise<void> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize(size);
}

test('a customer downloads an invoice PDF from /kundenbereich; axe finds nothing, the table reflows', async ({ page, baseURL }) => {
  const orderNumber = await verifiedCustomerWithOrder(page, baseURL!);
  await page.goto('/kundenbereich');
  await islandsReady(page);
  const invoices = page.getByRole('region', { name: 'Ihre Rechnungen' });
  await expect(invoices).toBeVisible();

  // Issued after the order's answer: a reload shows it once it is there.
  const rows = invoices.getByRole('table', { name: 'Rechnungen und Stornorechnungen zu Ihren Bestellungen, die neueste zuerst' }).getByRole('row');
  await expect(async () => {
    await page.reload();
    await islandsReady(page);
    await expect(rows).toHaveCount(2, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  await expect(rows.first()).toHaveText(/^RechnungDatumLeistungszeitraumBetragStatusDokumente$/);
  const row = rows.nth(1);
  const number = /RE-\d{6,}/.exec((await row.getByRole('rowheader').textContent()) ?? '')![0];
  await expect(row.getByRole('rowheader')).toHaveText(`${number}Rechnung`);
  // The package's first 6 months and the backup, gross for a consumer; nothing paid yet.
  await expect(row).toContainText('560,00\u00a0€');
  await expect(row.getByRole('cell').nth(3)).toHaveText('offen');
  await expectNoAxeViolations(page);
  await expectReflow(page);

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: `PDF der Rechnung ${number}` }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^[\\w.-]*${number}[\\w.-]*\\.pdf$`));
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  // The order it bills is the one just placed.
  expect((await page.request.get('/api/account/overview').then((response) => response.json())) as { invoices: { number: string; orderNumber: string }[] }).toMatchObject({
    invoices: [{ number, orderNumber }],
  });
});
