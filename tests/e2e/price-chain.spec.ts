import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { acceptConsumerTerms, fillBillingAddress } from './checkout-helpers.ts';
import { expect, islandsReady, test } from './fixtures.ts';
import { sentMails } from './outbox.ts';
import { PROOF_OF_WORK_TIMEOUT } from './support/proof-of-work.ts';

/**
 * Issue 18's chain: an editor changes one price in one Markdown file and rebuilds; the new price
 * is then on /preisliste, in /locales/de-products.json, in the configurator, in the cart and the
 * checkout, and in what POST /api/orders stores and mails. A copy of the project is built with
 * 'Softwareentwicklung' raised from 80,00 € to 90,00 € net (95,20 € → 107,10 € gross) and served
 * beside the suite's own server, which keeps the real prices.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const PORT = Number(process.env.E2E_PORT ?? 4399) + 2;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const APP_SECRET = 'price-chain-secret-with-enough-entropy-0123456789';

/** Intl writes a no-break space before '€' and '%'. */
const euro = (text: string) => new RegExp(text.replaceAll('.', '\\.').replaceAll(' ', '\\s'));

let workDir = '';
let dataDir = '';
let server: ChildProcess | undefined;

/** The project as git knows it (working tree contents), with the repository's node_modules. */
function copyProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'price-chain-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(ROOT, file), join(dir, file));
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`${BASE_URL}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('Der Server der Kopie antwortet nicht.');
}

test.describe('one price source', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  test.use({ baseURL: BASE_URL });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    workDir = copyProject();
    dataDir = join(workDir, '.data-chain');
    const priceFile = join(workDir, 'src/content/prices/software-development.md');
    const markdown = readFileSync(priceFile, 'utf8');
    expect(markdown).toContain('netCents: 8000');
    writeFileSync(priceFile, markdown.replace('netCents: 8000', 'netCents: 9000'));

    const build = spawnSync(process.execPath, [join(workDir, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: workDir,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      encoding: 'utf8',
    });
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);

    server = spawn(process.execPath, ['scripts/serve.ts'], {
      cwd: workDir,
      env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, APP_SECRET, GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' },
      stdio: 'ignore',
    });
    await waitForServer();
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  test('changes the price list, the product file, the configurator, cart, checkout, the stored order and its mail', async ({ page, request }) => {
    const products = (await (await request.get('/locales/de-products.json')).json()) as { products: { id: string; price: string; priceValue: number }[] };
    expect(products.products.find((product) => product.id === 'software-development')).toMatchObject({ price: '107,10\u00a0€', priceValue: 10710 });

    await page.goto('/preisliste');
    const row = page.getByRole('row', { name: /^Softwareentwicklung/ });
    await expect(row).toContainText('107,10 € pro Stunde inkl. 19 % USt.');
    await expect(row).toContainText('netto 90,00 € zzgl. 19 % USt.');

    // The configurator's development hour is the price list's hour.
    await page.goto('/auftragskonfigurator');
    await islandsReady(page);
    const form = page.getByRole('form', { name: 'Auftragskonfigurator' });
    await expect(form.getByText(euro('107,10 € pro Stunde'), { exact: true })).toBeVisible();
    await form.getByLabel('Entwicklungsstunden').fill('10');
    await expect(form.locator('dt', { hasText: 'Entwicklung (einmalig)' }).locator('xpath=following-sibling::dd')).toHaveText(euro('1.071,00 €'));

    await page.goto('/ueber-uns');
    await islandsReady(page);
    await page.getByRole('button', { name: 'In den Warenkorb: Softwareentwicklung' }).click();
    await page.getByRole('dialog', { name: 'Zum Warenkorb hinzugefügt' }).getByRole('button', { name: 'Zum Warenkorb' }).click();
    const cart = page.getByRole('dialog', { name: 'Warenkorb' });
    await expect(cart.getByRole('listitem')).toContainText(euro('107,10 € pro Stunde'));
    await expect(cart.getByTestId('amounts-by-rhythm')).toContainText(euro('Jetzt fällig107,10 €'));
    await cart.getByRole('link', { name: 'Zur Kasse' }).click();

    await islandsReady(page);
    const checkout = page.getByRole('form', { name: 'Bestellformular' });
    await expect(checkout.getByTestId('amounts-by-rhythm')).toContainText(euro('Jetzt fällig107,10 €inkl. 19 % USt.17,10 €'));
    await fillBillingAddress(checkout, `kette.${Date.now()}@example.test`);
    await checkout.getByRole('radio', { name: 'Überweisung / Rechnung' }).check();
    await acceptConsumerTerms(checkout);
    await checkout.getByRole('button', { name: 'zahlungspflichtig bestellen' }).click();
    // The checkout first finishes its proof of work (docs/decisions/0040): seconds on a busy machine.
    await expect(page.getByRole('heading', { name: 'Vielen Dank für Ihre Bestellung!' })).toBeFocused({ timeout: PROOF_OF_WORK_TIMEOUT });
    const orderNumber = (await page.getByTestId('order-number').textContent())!;

    // What POST /api/orders mailed (after its answer, so the mail may come a moment later) …
    await expect
      .poll(async () => {
        const mails = await sentMails(dataDir);
        return mails.filter((mail) => mail.subject === `Eingangsbestätigung Ihrer Bestellung ${orderNumber}`).map((mail) => mail.text ?? '');
      })
      // Hours are reviewed before we accept (decision 0053): due with the acceptance, at the price of the order.
      .toEqual([expect.stringMatching(/1 × 107,10\s€ pro Stunde = 107,10\s€[\s\S]*Fällig mit unserer Annahme: 107,10\s€ inkl\. 19\s%\sUSt\. 17,10\s€/u)]);

    // … and stored, as the agents' inbox reads it from the database.
    const agent = JSON.parse(readFileSync(join(dataDir, 'demo-agent.json'), 'utf8')) as { email: string; password: string };
    await page.request.get('/api/visitor');
    const csrf = decodeURIComponent((await page.context().cookies(BASE_URL)).find((cookie) => cookie.name === 'csrf_token')!.value);
    const headers = { Origin: BASE_URL, 'Sec-Fetch-Site': 'same-origin', 'X-CSRF-Token': csrf };
    expect((await page.request.post('/api/auth/login', { data: agent, headers })).status()).toBe(200);
    const inbox = (await (await page.request.get('/api/agent/inbox?type=order')).json()) as {
      items: { title: string; details: { label: string; value?: unknown; cents?: number }[] }[];
    };
    const stored = inbox.items.find((item) => item.title.startsWith(`Bestellung ${orderNumber}`))!;
    expect(stored.details).toEqual(
      expect.arrayContaining([
        { label: 'Positionen', kind: 'list', value: ['1 × Softwareentwicklung – 107,10\u00a0€, einmalig'] },
        { label: 'Fällig mit der Annahme (brutto)', kind: 'money', cents: 10710 },
      ]),
    );
  });
});
