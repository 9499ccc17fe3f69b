import { expect, test } from '@playwright/test';

// State-changing API calls from the browser: the CSRF cookie from GET /api/visitor (decision 0035)
// must be echoed in X-CSRF-Token, and the request must come from our own origin.
test.describe('CSRF protection of /api', () => {
  test('GET /api/visitor sets csrf_token, readable by the page, and visitor_id, HttpOnly, both ending with the session; other GETs set none', async ({ page, context }) => {
    await page.goto('/');
    expect(await page.evaluate(async () => (await fetch('/api/health')).status)).toBe(200);
    expect(await context.cookies()).toEqual([]);
    const status = await page.evaluate(async () => (await fetch('/api/visitor')).status);
    expect(status).toBe(204);
    const cookies = await context.cookies();
    const csrf = cookies.find((c) => c.name === 'csrf_token');
    const visitor = cookies.find((c) => c.name === 'visitor_id');
    expect(csrf?.httpOnly).toBe(false);
    expect(visitor?.httpOnly).toBe(true);
    // Session cookies: Playwright reports -1 for a cookie without Expires/Max-Age.
    expect([csrf?.expires, visitor?.expires]).toEqual([-1, -1]);
    expect(await page.evaluate(() => document.cookie)).toContain('csrf_token=');
    expect(await page.evaluate(() => document.cookie)).not.toContain('visitor_id=');
  });

  test('a POST without the header is refused with 403 and a German message', async ({ page }) => {
    await page.goto('/');
    const answer = await page.evaluate(async () => {
      await fetch('/api/visitor');
      const response = await fetch('/api/health', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      return { status: response.status, body: await response.json() };
    });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Sicherheitstoken fehlt oder ist ungültig. Bitte laden Sie die Seite neu.');
  });

  test('a POST with a forged header is refused; the echoed cookie gets past the check', async ({ page }) => {
    await page.goto('/');
    const statuses = await page.evaluate(async () => {
      await fetch('/api/visitor');
      const token = decodeURIComponent(/(?:^|; )csrf_token=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const post = (value: string) =>
        fetch('/api/health', { method: 'POST', headers: { 'X-CSRF-Token': value } }).then((r) => r.status);
      return { forged: await post('nonce.forged'), echoed: await post(token) };
    });
    expect(statuses.forged).toBe(403);
    // Past CSRF, /api/health refuses POST as a method: 405, not 403.
    expect(statuses.echoed).toBe(405);
  });

  test('a request from another origin is refused even with valid cookie and token', async ({ page, context, baseURL }) => {
    await page.goto('/');
    await page.evaluate(async () => {
      await fetch('/api/visitor');
    });
    const token = (await context.cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
    expect(token).not.toBe('');
    // page.request sends the context's cookies, as a browser would for a cross-site form post.
    const forged = await page.request.post(`${baseURL}/api/health`, {
      headers: { Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site', 'X-CSRF-Token': decodeURIComponent(token) },
    });
    expect(forged.status()).toBe(403);
    expect((await forged.json()).message).toBe('Anfragen von fremden Websites sind nicht erlaubt.');
    const sameOrigin = await page.request.post(`${baseURL}/api/health`, {
      headers: { Origin: baseURL ?? '', 'Sec-Fetch-Site': 'same-origin', 'X-CSRF-Token': decodeURIComponent(token) },
    });
    expect(sameOrigin.status()).toBe(405);
  });
});
