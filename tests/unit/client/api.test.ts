// @vitest-environment happy-dom
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../../src/client/api.ts';
import { routeUrl, type Json, type Route } from '../../../src/lib/http/route.ts';
import { authGoogle, authLogout } from '../../../src/features/accounts/routes.ts';

/** api() and routeUrl() build every call and link from the route's entry (issue 37). */
const payment = {
  method: 'POST',
  path: '/api/agent/invoices/:number/payment',
  body: v.object({ paidOn: v.string() }),
  answer: 'json' as Json<{ status: string }>,
} as const satisfies Route;
const list = {
  method: 'GET',
  path: '/api/agent/invoices',
  query: v.object({ page: v.optional(v.number()), status: v.optional(v.string()) }),
  answer: 'json' as Json<{ rows: string[] }>,
} as const satisfies Route;

describe('api()', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    document.cookie = 'csrf_token=t0k3n';
    fetchMock = vi.fn(async () => new Response(JSON.stringify({ status: 'bezahlt' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the body to the path with its parameter encoded as one segment, with the method and the CSRF header', async () => {
    const answer = await api(payment, { params: { number: 'RE 2026/1' }, body: { paidOn: '2026-11-29' } });
    expect(answer).toEqual({ status: 'bezahlt' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/agent/invoices/RE%202026%2F1/payment');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"paidOn":"2026-11-29"}');
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('t0k3n');
  });

  it('writes the query without the values left undefined and sends no CSRF header on GET', async () => {
    await api(list, { query: { page: 2, status: undefined } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/agent/invoices?page=2');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBeUndefined();
  });

  it('answers 204 with nothing and a refusal with an ApiError carrying the server’s message', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api(authLogout)).resolves.toBeUndefined();
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ message: 'Bitte melden Sie sich an.' }), { status: 401 }));
    await expect(api(authLogout)).rejects.toEqual(new ApiError(401, 'Bitte melden Sie sich an.'));
  });

  it('is typed by the entry (these calls must not compile)', async () => {
    const calls = [
      // @ts-expect-error – the payment needs its invoice number.
      api(payment, { body: { paidOn: '2026-11-29' } }),
      // @ts-expect-error – the body is the schema's, not any object.
      api(payment, { params: { number: '1' }, body: { paid: true } }),
      // @ts-expect-error – a redirect is a link, not a call.
      api(authGoogle),
    ];
    expect((await Promise.allSettled(calls)).map((call) => call.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('routeUrl()', () => {
  it('builds the link of a redirect or a document from its entry', () => {
    expect(routeUrl(authGoogle, { query: { returnTo: '/kundenbereich?x=1' } })).toBe('/api/auth/google?returnTo=%2Fkundenbereich%3Fx%3D1');
    expect(() => routeUrl(payment)).toThrow(/Parameter number fehlt/);
  });
});
