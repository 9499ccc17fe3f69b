import type { APIRequestContext } from '@playwright/test';
import { pathAliases } from '../../../src/server/routing/aliases.ts';
import { expect, test } from '../fixtures.ts';
import { hydrateAll, routes, visit } from './site.ts';

/**
 * No internal link, anchor or alias leads nowhere: every `<a href>` of every page after its
 * islands rendered (footer links and offers come from /locales), every `#anchor` exists on its
 * target page, every alias redirects to a page, and each page's canonical link names itself.
 */

/** Per worker: the status and HTML of each checked target path. */
const targets = new Map<string, { status: number; html: string }>();

/** The target's HTML; a soft failure unless it answers 200, so one dead link hides no other. */
async function pageHtml(request: APIRequestContext, path: string, from: string): Promise<string> {
  let target = targets.get(path);
  if (target === undefined) {
    const response = await request.get(path);
    target = { status: response.status(), html: await response.text() };
    targets.set(path, target);
  }
  expect.soft(target.status, `${path} (verlinkt auf ${from})`).toBe(200);
  return target.html;
}

const hasId = (html: string, id: string) => new RegExp(`\\sid="${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`).test(html);

test.describe('internal links', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const route of routes) {
    test(`every link on ${route} reaches a page and its anchor`, async ({ page, baseURL }) => {
      await visit(page, route);
      await hydrateAll(page);
      const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
      const origin = new URL(baseURL!).origin;
      const internal = [...new Set(hrefs)].map((href) => new URL(href)).filter((url) => url.origin === origin);
      expect(internal.length, 'interne Links gefunden').toBeGreaterThan(0);
      for (const url of internal) {
        // With the page's cookies: a signed-in page links downloads only its visitor may fetch (invoices).
        const html = await pageHtml(page.request, url.pathname + url.search, route);
        const anchor = decodeURIComponent(url.hash.slice(1));
        if (anchor) expect.soft(hasId(html, anchor), `Anker ${url.pathname}#${anchor} (verlinkt auf ${route})`).toBe(true);
      }

      // Pages kept out of search engines (noindex) carry no canonical link.
      const canonical = await page.evaluate(() => document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null);
      if (canonical !== null) expect(new URL(canonical).pathname, 'kanonischer Link').toBe(route);
    });
  }

  test('every alias redirects permanently to its page', async ({ request }) => {
    for (const [alias, target] of Object.entries(pathAliases)) {
      const response = await request.get(alias, { maxRedirects: 0 });
      expect(response.status(), alias).toBe(301);
      expect(response.headers().location, alias).toBe(target);
      await pageHtml(request, target, alias);
    }
  });

  test('the landing anchors of SPEC §2 and the package anchors of /webapp exist', async ({ request }) => {
    const landing = await pageHtml(request, '/', 'SPEC §2');
    for (const id of ['hero', 'services', 'howItWorks', 'benefits', 'clickDummy', 'technologies', 'about', 'contact', 'configurator']) {
      expect(hasId(landing, id), `/#${id}`).toBe(true);
    }
    const webapp = await pageHtml(request, '/webapp', 'SPEC §2');
    for (const id of ['4201', '4206', '4306', '43306', '44306', '4406']) expect(hasId(webapp, id), `/webapp#${id}`).toBe(true);
  });
});
