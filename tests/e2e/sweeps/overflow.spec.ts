import { expect, islandsReady, test } from '../fixtures.ts';
import { templateRoutes as routes, visit } from './site.ts';

/**
 * No page scrolls sideways on a small phone (issue 36, WCAG 2.1 SC 1.4.10 Reflow at 320 CSS px):
 * every built page (one of each page file) at 320 and 390 px is no wider than the screen. One
 * browser page per width walks all routes and names every offender at once; no screenshots, the
 * sweep stays cheap.
 */
for (const width of [320, 390]) {
  test(`no page is wider than a ${width} px screen`, async ({ page }) => {
    test.setTimeout(routes.length * 4_000 + 30_000);
    await page.setViewportSize({ width, height: 800 });
    const tooWide: string[] = [];
    for (const route of routes) {
      await visit(page, route);
      // Islands render their own markup when they hydrate; the page is measured as the visitor then sees it.
      await islandsReady(page);
      const scrollWidth = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      if (scrollWidth > width) tooWide.push(`${route}: ${scrollWidth} px`);
    }
    expect(routes.length).toBeGreaterThan(30);
    expect(tooWide, `Seiten breiter als ${width} px`).toEqual([]);
  });
}
