import { scriptEntries } from '../../scripts/quality/page-javascript.ts';
import { expect, islandsReady, layoutShiftTotal, scrollToIsland, test } from './fixtures.ts';

test.describe('landing page', () => {
  // The suite browses with reduced motion (playwright.config.ts); these specs are about the motion.
  test.use({ reducedMotion: 'no-preference' });

  test('has the sections of SPEC §2 in order', async ({ page }) => {
    await page.goto('/');
    const ids = await page.locator('main > section[id]').evaluateAll((sections) => sections.map((s) => s.id));
    const expected = ['hero', 'services', 'howItWorks', 'clickDummy', 'technologies', 'about', 'benefits', 'transparency', 'pricing', 'statistics', 'testimonials', 'cta', 'contact', 'configurator'];
    expect(ids).toEqual(expected);
  });

  test('the hero shows its product visual beside the text, sized before it loads (no layout shift)', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const hero = page.locator('#hero');
    const visual = hero.getByTestId('hero-visual');
    await expect(visual).toBeVisible();
    // Decorative: the hero's text says what the picture shows.
    await expect(visual).toHaveAttribute('aria-hidden', 'true');
    const width = Number(await visual.getAttribute('width'));
    const height = Number(await visual.getAttribute('height'));
    expect(width).toBeGreaterThan(0);
    expect(height).toBeGreaterThan(0);
    const box = (await visual.boundingBox())!;
    const heading = (await hero.getByRole('heading', { level: 1 }).boundingBox())!;
    // Right half at 1440 px: beside the heading, not under it, and drawn in its own proportions.
    expect(box.x).toBeGreaterThan(heading.x + heading.width - 1);
    expect(box.width).toBeGreaterThan(450);
    expect(Math.abs(box.width / box.height - width / height)).toBeLessThan(0.01);
    // No layout shift while the page settles and the typewriter types.
    expect(await layoutShiftTotal(page, 3000)).toBeLessThan(0.01);
  });

  test('phones get the hero text and buttons without the visual', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByTestId('hero-visual')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the typewriter types the examples', async ({ page }) => {
    await page.goto('/');
    await islandsReady(page);
    const typewriter = page.getByTestId('typewriter');
    await expect(typewriter).toHaveText(/^ein K/, { timeout: 3000 });
    await expect(typewriter).toHaveText('ein Kundenportal mit Login', { timeout: 15_000 });
  });

  test('loads no island before the visitor scrolls: the typewriter needs no React', async ({ page, request }) => {
    const { islands, renderers } = scriptEntries(await (await request.get('/')).text());
    expect(islands.length).toBeGreaterThan(0);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await islandsReady(page);
    await expect(page.getByTestId('typewriter')).toHaveText(/^ein K/, { timeout: 3000 });
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => islands.includes(url) || renderers.includes(url))).toEqual([]);
  });

  test('the counters end on the German numbers', async ({ page }) => {
    await page.goto('/');
    await islandsReady(page);
    await page.locator('#statistics').scrollIntoViewIfNeeded();
    const values = page.getByTestId('stat-value');
    await expect(values).toHaveText(['1.440+', '110+', '15+', '9+'], { timeout: 5000 });
  });

  test('the testimonial slider moves with next, previous and dots and wraps around', async ({ page }) => {
    await page.goto('/');
    await islandsReady(page);
    const slider = page.getByRole('region', { name: 'Stimmen unserer Hosting-Kunden' });
    await scrollToIsland(page, slider);
    const slide = slider.getByRole('group', { name: /von 6/ }).first();
    await expect(slide).toHaveAttribute('aria-label', '1 von 6');
    await slider.getByRole('button', { name: 'Nächste Bewertung' }).click();
    await expect(slide).toHaveAttribute('aria-label', '2 von 6');
    await slider.getByRole('button', { name: 'Bewertung 6 von 6' }).click();
    await expect(slide).toHaveAttribute('aria-label', '6 von 6');
    await expect(slider.getByRole('button', { name: 'Bewertung 6 von 6' })).toHaveAttribute('aria-current', 'true');
    await slider.getByRole('button', { name: 'Nächste Bewertung' }).click();
    await expect(slide).toHaveAttribute('aria-label', '1 von 6');
    await slider.getByRole('button', { name: 'Vorherige Bewertung' }).click();
    await expect(slide).toHaveAttribute('aria-label', '6 von 6');
    await expect(slider.getByRole('img', { name: 'Bewertung: 5 von 5 Sternen' })).toBeVisible();
  });

  test('the slider advances by itself every 8 s', async ({ page }) => {
    await page.goto('/');
    await islandsReady(page);
    const slider = page.getByRole('region', { name: 'Stimmen unserer Hosting-Kunden' });
    await scrollToIsland(page, slider);
    await page.mouse.move(0, 0);
    const slide = slider.getByRole('group', { name: /von 6/ }).first();
    await expect(slide).toHaveAttribute('aria-label', '1 von 6');
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    // Focus pauses the slider and leaving restarts its timer, now under the test's clock.
    await slider.getByRole('button', { name: 'Bewertung 1 von 6' }).click();
    await page.mouse.move(0, 0);
    await slider.getByRole('button', { name: 'Bewertung 1 von 6' }).blur();
    await page.clock.runFor(7900);
    await expect(slide).toHaveAttribute('aria-label', '1 von 6');
    await page.clock.runFor(200);
    await expect(slide).toHaveAttribute('aria-label', '2 von 6');
  });

  test('the e-mail address is not in the HTML, and copying it shows a confirmation for 1.5 s', async ({ page, context, request }) => {
    const html = await (await request.get('/')).text();
    expect(html).not.toContain('info@kraus-webentwicklung.de');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/#contact');
    await islandsReady(page);
    const contact = page.locator('#contact');
    await contact.scrollIntoViewIfNeeded();
    await expect(contact.getByRole('link', { name: 'info@kraus-webentwicklung.de' })).toHaveAttribute('href', 'mailto:info@kraus-webentwicklung.de');
    // From here the page's clock is driven by the test: the 1.5 s are checked exactly.
    await page.clock.install();
    // Time stands still until the test moves it.
    await page.clock.pauseAt(Date.now() + 1000);
    await contact.getByRole('button', { name: 'Kopieren' }).click();
    await page.clock.runFor(100);
    await expect(contact.getByText('E-Mail-Adresse kopiert')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('info@kraus-webentwicklung.de');
    await page.clock.runFor(1300);
    await expect(contact.getByText('E-Mail-Adresse kopiert')).toBeVisible();
    await page.clock.runFor(200);
    await expect(contact.getByText('E-Mail-Adresse kopiert')).toBeHidden();
  });

  test('sections fade in when they reach the top 80 % of the viewport', async ({ page }) => {
    await page.goto('/');
    await islandsReady(page);
    const heading = page.locator('#benefits h2');
    await expect(page.locator('html')).toHaveClass(/reveal-ready/);
    await expect(heading).toHaveCSS('opacity', '0');
    await heading.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    await expect(heading).toHaveCSS('opacity', '1');
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('nothing moves: static typewriter, final counters, no reveal, no automatic slider', async ({ page }) => {
      await page.goto('/');
      await islandsReady(page);
      await expect(page.getByTestId('typewriter')).toHaveText('ein Kundenportal mit Login');
      await page.waitForTimeout(500);
      await expect(page.getByTestId('typewriter')).toHaveText('ein Kundenportal mit Login');
      await expect(page.locator('html')).not.toHaveClass(/reveal-ready/);
      await expect(page.locator('#benefits h2')).toHaveCSS('opacity', '1');
      await page.locator('#statistics').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('stat-value')).toHaveText(['1.440+', '110+', '15+', '9+']);
      const slider = page.getByRole('region', { name: 'Stimmen unserer Hosting-Kunden' });
      await slider.scrollIntoViewIfNeeded();
      await expect(slider.getByRole('button', { name: 'Automatisches Weiterblättern anhalten' })).toHaveCount(0);
    });
  });
});

test('the scroll-reveal script is a file, not inline', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  // Astro's own island loaders are the only inline scripts; their hashes are in the CSP.
  expect(inline.length).toBeGreaterThan(0);
  for (const body of inline) expect(body).not.toContain('is-revealed');
  expect(html).toMatch(/<script type="module" src="\/_astro\/[^"]+\.js"><\/script>/);
});
