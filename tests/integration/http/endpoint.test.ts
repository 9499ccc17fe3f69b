import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import chatMessages from '../../../netlify/functions/chat-messages.mts';
import health from '../../../netlify/functions/health.mts';
import visitorCookies from '../../../netlify/functions/visitor.mts';
import { endpoint } from '../../../src/server/http/endpoint.ts';
import { json } from '../../../src/server/http/respond.ts';
import { rateLimits } from '../../../src/server/rate-limits.ts';
import { ORIGIN, Visitor } from './visitor.ts';

const NoteSchema = v.object({
  text: v.pipe(v.string('Text ist erforderlich'), v.trim(), v.nonEmpty('Text ist erforderlich')),
});

// A resource shaped like every real one: rate-limit -> validate -> answer.
const notes = endpoint(
  {
    GET: () => json({ notes: [] }),
    POST: async (ctx) => {
      await ctx.rateLimit('inquiry');
      const note = await ctx.body(NoteSchema);
      return json({ saved: note.text }, { status: 201 });
    },
    DELETE: () => {
      throw new Error('database exploded');
    },
  },
  { maxBodyBytes: 1024 },
);

async function primed(ip?: string): Promise<Visitor> {
  const visitor = new Visitor(ip);
  await visitor.call(notes, '/api/notes');
  return visitor;
}

describe('GET /api/health', () => {
  it('answers ok with the database in use after a real query', async () => {
    const response = await new Visitor().call(health, '/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    const expected = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : process.env.TEST_DB_DRIVER;
    expect(await response.json()).toEqual({ ok: true, db: expected });
  });

  it('refuses other methods with 405 and an Allow header', async () => {
    const visitor = await primed();
    const response = await visitor.call(health, '/api/health', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect((await response.json()).message).toBe('Diese Methode ist für diese Adresse nicht erlaubt.');
  });
});

describe('CSRF cookie and checks', () => {
  it('an ordinary GET sets no cookie: reading causes no identifier (decision 0035)', async () => {
    const response = await new Visitor().call(notes, '/api/notes', { visitorCookies: false });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('GET /api/visitor sets an HttpOnly visitor cookie and a readable csrf_token once, both ending with the browser session', async () => {
    const visitor = new Visitor();
    const first = await visitor.call(visitorCookies, '/api/visitor');
    expect(first.status).toBe(204);
    const cookies = first.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies.find((c) => c.startsWith('visitor_id='))).toContain('HttpOnly');
    const csrf = cookies.find((c) => c.startsWith('csrf_token='));
    expect(csrf).toBeDefined();
    expect(csrf).not.toContain('HttpOnly');
    expect(csrf).toContain('SameSite=Lax');
    for (const cookie of cookies) expect(cookie).not.toMatch(/Max-Age|Expires/i);
    const second = await visitor.call(visitorCookies, '/api/visitor');
    expect(second.headers.getSetCookie()).toEqual([]);
  });

  it('GET /api/visitor renews a stale CSRF token for the visitor it already has', async () => {
    const visitor = new Visitor();
    await visitor.call(visitorCookies, '/api/visitor');
    const id = visitor.cookies.get('visitor_id');
    visitor.cookies.set('csrf_token', 'abc.def');
    const renewed = await visitor.call(visitorCookies, '/api/visitor');
    expect(renewed.headers.getSetCookie()).toEqual([expect.stringMatching(/^csrf_token=/)]);
    expect(visitor.cookies.get('visitor_id')).toBe(id);
    expect((await visitor.call(notes, '/api/notes', { method: 'POST', json: { text: 'ok' } })).status).toBe(201);
  });

  it('refuses a POST of a browser that never fetched its cookies', async () => {
    const response = await new Visitor().call(notes, '/api/notes', { method: 'POST', json: { text: 'x' }, visitorCookies: false });
    expect(response.status).toBe(403);
  });

  it('accepts a POST with the matching header from our origin', async () => {
    const visitor = await primed();
    const response = await visitor.call(notes, '/api/notes', { method: 'POST', json: { text: 'Hallo' } });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ saved: 'Hallo' });
  });

  it('refuses a POST without the header, with a wrong one, or with another visitor’s token', async () => {
    const visitor = await primed();
    const missing = await visitor.call(notes, '/api/notes', { method: 'POST', json: { text: 'x' }, csrf: false });
    expect(missing.status).toBe(403);
    expect((await missing.json()).message).toBe('Sicherheitstoken fehlt oder ist ungültig. Bitte laden Sie die Seite neu.');

    const wrong = await visitor.call(notes, '/api/notes', {
      method: 'POST',
      json: { text: 'x' },
      headers: { 'x-csrf-token': 'abc.def' },
    });
    expect(wrong.status).toBe(403);

    const other = await primed();
    other.cookies.set('csrf_token', visitor.cookies.get('csrf_token') ?? '');
    const stolen = await other.call(notes, '/api/notes', { method: 'POST', json: { text: 'x' } });
    expect(stolen.status).toBe(403);
  });

  it('refuses a cross-site POST even with a valid token', async () => {
    const visitor = await primed();
    const response = await visitor.call(notes, '/api/notes', {
      method: 'POST',
      json: { text: 'x' },
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe('Anfragen von fremden Websites sind nicht erlaubt.');
  });
});

describe('bad input never gives a 500', () => {
  it('400 with a German message per field', async () => {
    const visitor = await primed();
    const response = await visitor.call(notes, '/api/notes', { method: 'POST', json: { text: '   ' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Bitte überprüfen Sie Ihre Eingaben.',
      errors: { text: 'Text ist erforderlich' },
    });
  });

  it('400 for malformed JSON, 415 for another media type, 413 for an oversized body', async () => {
    const visitor = await primed();
    const malformed = await visitor.call(notes, '/api/notes', {
      method: 'POST',
      body: '{"text":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    const form = await visitor.call(notes, '/api/notes', {
      method: 'POST',
      body: 'text=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const big = await visitor.call(notes, '/api/notes', { method: 'POST', json: { text: 'x'.repeat(2000) } });
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe('Die Anfrage ist zu groß.');
  });

  it('a real fault is a 500 with a generic German text and no details', async () => {
    const visitor = await primed();
    const response = await visitor.call(notes, '/api/notes', { method: 'DELETE' });
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body.message).toBe('Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.');
    expect(JSON.stringify(body)).not.toContain('exploded');
  });

  it('a malformed percent escape in a path parameter, as Netlify hands it over, is a 400 with the security headers', async () => {
    const response = await new Visitor().call(chatMessages, '/api/chat/conversations/%ZZ/messages', { params: { id: '%ZZ' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Die Adresse enthält eine ungültige Zeichenfolge.' });
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After once the limit of an IP is used up', async () => {
    const visitor = await primed('198.51.100.23');
    const statuses: number[] = [];
    const { limit } = rateLimits.inquiry;
    for (let i = 0; i <= limit; i += 1) {
      statuses.push((await visitor.call(notes, '/api/notes', { method: 'POST', json: { text: `n${i}` } })).status);
    }
    expect(statuses).toEqual([...Array<number>(limit).fill(201), 429]);
    const limited = await visitor.call(notes, '/api/notes', { method: 'POST', json: { text: 'x' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).message).toMatch(/^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Sekunden? erneut\.$/);
    // Another visitor is not affected.
    const other = await primed('198.51.100.24');
    expect((await other.call(notes, '/api/notes', { method: 'POST', json: { text: 'x' } })).status).toBe(201);
  });
});

describe('security headers on API answers', () => {
  it('every answer, also errors, carries them', async () => {
    for (const response of [
      await new Visitor().call(health, '/api/health'),
      await new Visitor().call(notes, '/api/notes', { method: 'PUT' }),
    ]) {
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('strict-transport-security')).toContain('max-age=');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('also a redirect, whose headers the Fetch API makes immutable, with the cookies its handler set', async () => {
    const away = endpoint({
      GET: (ctx) => {
        ctx.setCookie('csrf_token=x; Path=/');
        return Response.redirect('http://127.0.0.1/ziel', 303);
      },
    });
    const response = await new Visitor().call(away, '/api/away');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('http://127.0.0.1/ziel');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.getSetCookie().some((c) => c.startsWith('csrf_token='))).toBe(true);
  });
});

describe('the deploy context Netlify names for a request', () => {
  const call = (context: string | undefined, method = 'GET') =>
    notes(new Request(`${ORIGIN}/api/notes`, { method }), { ip: '192.0.2.77', params: {}, deploy: context === undefined ? undefined : { context } });

  it('production, netlify serve (dev) and the local server (none): no X-Robots-Tag', async () => {
    for (const context of ['production', 'dev', undefined]) {
      const response = await call(context);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-robots-tag')).toBeNull();
    }
  });

  it('a preview that was not built as one is refused with noindex, before it can touch data or send mail', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const context of ['deploy-preview', 'branch-deploy']) {
        const response = await call(context);
        expect(response.status).toBe(503);
        expect(response.headers.get('x-robots-tag')).toBe('noindex');
        expect((await response.json()).message).toBe(
          'Diese Vorschau wurde nicht als Vorschau gebaut und nimmt deshalb keine Anfragen an. Bitte das Deployment neu bauen lassen.',
        );
      }
      expect(log).toHaveBeenCalledWith(expect.stringContaining('Netlify meldet den Deploy-Kontext deploy-preview'));
      // Even a preflight, which touches nothing, is marked.
      expect((await call('deploy-preview', 'OPTIONS')).headers.get('x-robots-tag')).toBe('noindex');
    } finally {
      log.mockRestore();
    }
  });
});
