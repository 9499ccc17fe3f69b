import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, islandsReady, test } from './fixtures.ts';
import { followSummaryLink } from './forms-helpers.ts';
import { solvedTasks } from './support/proof-of-work.ts';

/**
 * The agents' invoices (issue 24): a SEPA order gets its first invoice right after it is placed,
 * the agent finds it under 'Rechnungen' and downloads the pain.008 file for the bank with its debit.
 */

/** The AGB version the build compiled (src/server/content/compile.ts); the checkout sends it with every order. */
const agbVersion = (JSON.parse(readFileSync(new URL('../../src/generated/agb-version.json', import.meta.url), 'utf8')) as { version: string }).version;

function demoAgent(): { email: string; password: string } {
  return JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR!, 'demo-agent.json'), 'utf8')) as { email: string; password: string };
}

/** A customer ordering through the API as the checkout does: cookies first, then the CSRF header. */
async function placeSepaOrder(browser: Browser, baseURL: string, email: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  await context.request.get('/api/visitor');
  const token = decodeURIComponent((await context.cookies()).find((c) => c.name === 'csrf_token')!.value);
  const placed = await context.request.post('/api/orders', {
    data: {
      // Accepted at once (decision 0053): two monthly packages at 95,20 €, so the first invoice is 190,40 €.
      items: [{ id: 'webapp-basis-1m', quantity: 2 }],
      customer: { type: 'consumer', name: 'Jürgen Weiß', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email },
      paymentMethod: 'sepa',
      iban: 'DE02 1203 0000 0000 2020 51',
      sepaMandate: true,
      consents: { agb: true, agbVersion, earlyStart: true, waiverAcknowledged: true },
      hashcash_solutions: await solvedTasks(context.request),
    },
    headers: { Origin: baseURL, 'Sec-Fetch-Site': 'same-origin', 'X-CSRF-Token': token, 'Idempotency-Key': `agent-invoices-${crypto.randomUUID()}` },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  await context.close();
  return orderId;
}

async function logInAsAgent(page: Page): Promise<void> {
  const agent = demoAgent();
  await page.goto('/agent/dashboard');
  await islandsReady(page);
  const dialog = page.getByRole('dialog', { name: 'Willkommen zurück' });
  await dialog.getByLabel('E-Mail').fill(agent.email);
  await dialog.getByLabel('Passwort', { exact: true }).fill(agent.password);
  await dialog.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: 'Rechnungen' })).toBeVisible();
}

test.describe('agent dashboard: invoices', () => {
  test('an agent finds the invoice of a SEPA order and downloads the pain.008 file with its debit', async ({ page, browser, baseURL }) => {
    test.setTimeout(60_000);
    const email = `lastschrift.${Date.now()}@example.test`;
    const orderId = await placeSepaOrder(browser, baseURL!, email);
    const mandateReference = orderId;
    await logInAsAgent(page);

    // The order's first invoice is issued after the order's answer: it appears shortly after.
    let invoiceNumber = '';
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(`/api/agent/invoices?q=${orderId}`);
          const { invoices } = (await answer.json()) as { invoices?: { number: string }[] };
          invoiceNumber = invoices?.[0]?.number ?? '';
          return invoices?.length ?? 0;
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    // The dashboard asks for its lists when shown: show it again now that the invoice exists.
    await page.reload();
    await islandsReady(page);

    const invoices = page.getByRole('region', { name: 'Rechnungen' });
    await invoices.getByLabel('Rechnungs-, Auftrags- oder Mandatsnummer, Name, E-Mail').fill(orderId);
    await invoices.getByRole('button', { name: 'Suchen' }).click();
    await expect(invoices.getByRole('status').first()).toHaveText('1 Rechnung gefunden.');
    const row = invoices.getByRole('table', { name: /^Rechnungen, Seite/ }).getByRole('row', { name: new RegExp(invoiceNumber) });
    await expect(row).toContainText(`Auftrag ${orderId}`);
    await expect(row).toContainText('Jürgen Weiß');
    await expect(row).toContainText('190,40');
    await expect(row).toContainText('SEPA-Lastschrift');
    await expect(row).toContainText(`Mandat ${mandateReference}`);
    await expect(row).toContainText('Offen');
    await expect(row.getByRole('link', { name: `PDF der Rechnung ${invoiceNumber}` })).toHaveAttribute('href', `/api/agent/invoices/${invoiceNumber}/document?kind=pdf`);

    const sepa = page.getByRole('region', { name: 'SEPA-Lastschriften' });
    await expect(sepa.getByRole('row', { name: new RegExp(invoiceNumber) })).toContainText(mandateReference);
    await expectNoAxeViolations(page);

    const downloading = page.waitForEvent('download');
    await sepa.getByRole('button', { name: 'pain.008 herunterladen' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^KW-LS-\d{8}-\d{6}\.xml$/);
    const xml = readFileSync((await download.path())!, 'utf8');
    expect(xml).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08"');
    expect(xml).toContain(`<MndtId>${mandateReference}</MndtId>`);
    expect(xml).toContain(`<EndToEndId>${invoiceNumber}</EndToEndId>`);
    expect(xml).toContain('<InstdAmt Ccy="EUR">190.40</InstdAmt>');
    expect(xml).toContain('<IBAN>DE02120300000000202051</IBAN>');
    await expect(sepa.getByRole('status')).toHaveText(`Die Datei ${download.suggestedFilename()} ist erstellt. Bitte reichen Sie sie bei der Bank ein.`);
    await expect(sepa.getByRole('link', { name: download.suggestedFilename() })).toBeVisible();
    await expect(sepa.getByRole('row', { name: new RegExp(invoiceNumber) })).toHaveCount(0);
    await expect(row).toContainText('in SEPA-Datei Nr.');

    // The bank collected: the agent records the payment (today by default); a day before the invoice is refused (decision 0060).
    const receivedOn = row.getByLabel('Eingang am');
    const today = await receivedOn.inputValue();
    await receivedOn.fill('1900-01-01');
    await row.getByRole('button', { name: `Zahlung erfasst: ${invoiceNumber}` }).click();
    // The form's error summary takes the focus and leads to the field, which keeps the message (decision 0070).
    await followSummaryLink(row, /^Der Zahlungseingang kann nicht vor dem Rechnungsdatum \(\d{2}\.\d{2}\.\d{4}\) liegen\.$/, receivedOn);
    await receivedOn.fill(today);
    await row.getByRole('button', { name: `Zahlung erfasst: ${invoiceNumber}` }).click();
    await expect(invoices.getByRole('status').first()).toHaveText(`Der Zahlungseingang für ${invoiceNumber} ist erfasst.`);
    await expect(row).toContainText('Bezahlt am');
  });
});
