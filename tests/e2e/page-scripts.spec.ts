import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

/** Every JavaScript file a page loads (module scripts, island chunks, workers). */
async function scriptsOf(page: Page, path: string): Promise<Set<string>> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await page.goto(path);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  return scripts;
}

// Pages without interactive parts of their own (ARCHITECTURE §5): they may load the shared
// shell's islands (header, top bar, login and cart dialogs, cookie notice, footer links) and nothing else.
const staticPages = ['/cv', '/online-portale', '/fallbeispiele', '/documentation', '/ansprechpartner', '/preisliste', '/domains', '/agb', '/impressum', '/widerrufsformular', '/barrierefreiheit'];

// The 404 page is the bare shell; the browser logs its status as an error.
test.use({ allowConsoleErrors: [/status of 404/] });

test('pages without interactive parts ship no JavaScript beyond the shared shell', async ({ page, browser }) => {
  test.slow();
  const shell = await scriptsOf(page, '/gibt-es-nicht');
  expect(shell.size).toBeGreaterThan(0);
  for (const path of staticPages) {
    const other = await browser.newPage();
    const own = [...(await scriptsOf(other, path))].filter((script) => !shell.has(script));
    expect(own, `eigene Skripte auf ${path}`).toEqual([]);
    await other.close();
  }
});
