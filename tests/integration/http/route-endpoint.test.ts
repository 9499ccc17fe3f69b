import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Json, Route } from '../../../src/lib/http/route.ts';
import { authLogin } from '../../../src/features/accounts/routes.ts';
import { endpoint, on } from '../../../src/server/http/endpoint.ts';
import { htmlPage, json, noContent } from '../../../src/server/http/respond.ts';
import { Visitor } from './visitor.ts';

/** A resource declared as routes (issue 37): its handlers get params, query and body as declared. */
const note = {
  method: 'GET',
  path: '/api/notes/:noteId',
  query: v.object({ page: v.optional(v.pipe(v.string(), v.toNumber('Seite ist keine ganze Zahl'), v.integer('Seite ist keine ganze Zahl'))) }),
  answer: 'json' as Json<{ noteId: string; page: number | undefined }>,
} as const satisfies Route;
const addNote = {
  method: 'POST',
  path: '/api/notes/:noteId',
  body: v.object({ text: v.pipe(v.string('Text ist erforderlich'), v.nonEmpty('Text ist erforderlich')) }),
  answer: 'json' as Json<{ saved: string }>,
} as const satisfies Route;
const forgetNote = { method: 'DELETE', path: '/api/notes/:noteId', answer: 'empty' } as const satisfies Route;

const notes = endpoint([
  on(note, (ctx) => json({ noteId: ctx.params.noteId, page: ctx.query.page })),
  on(addNote, async (ctx) => json({ saved: (await ctx.body()).text }, { status: 201 })),
  on(forgetNote, () => noContent()),
]);

describe('an endpoint of routes', () => {
  it('hands the handler its decoded path parameter and its query as the schema reads it', async () => {
    const answer = await new Visitor().call(notes, '/api/notes/a%20b?page=2', { params: { noteId: 'a%20b' } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ noteId: 'a b', page: 2 });
  });

  it('refuses a query that does not fit its schema with 400 and the schema’s German message, before the handler runs', async () => {
    const answer = await new Visitor().call(notes, '/api/notes/1?page=zwei', { params: { noteId: '1' } });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: 'Seite ist keine ganze Zahl', errors: { page: 'Seite ist keine ganze Zahl' } });
  });

  it('reads the body with the route’s schema, keeps the baseline (CSRF, 405 with Allow) and names its routes', async () => {
    const visitor = new Visitor();
    const refused = await visitor.call(notes, '/api/notes/1', { method: 'POST', json: { text: '' }, params: { noteId: '1' } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: 'Bitte überprüfen Sie Ihre Eingaben.', errors: { text: 'Text ist erforderlich' } });
    const saved = await visitor.call(notes, '/api/notes/1', { method: 'POST', json: { text: 'Hallo' }, params: { noteId: '1' } });
    expect(saved.status).toBe(201);
    expect(await saved.json()).toEqual({ saved: 'Hallo' });
    const forged = await visitor.call(notes, '/api/notes/1', { method: 'DELETE', csrf: false, params: { noteId: '1' } });
    expect(forged.status).toBe(403);
    const put = await visitor.call(notes, '/api/notes/1', { method: 'PUT', json: {}, params: { noteId: '1' } });
    expect(put.status).toBe(405);
    expect(put.headers.get('Allow')).toBe('GET, POST, DELETE, HEAD');
    expect(notes.routes).toEqual([note, addNote, forgetNote]);
  });

  it('reads the path parameters with the route’s schema; one that cannot be is not found', async () => {
    const numbered = {
      method: 'GET',
      path: '/api/numbered/:noteId',
      params: v.object({ noteId: v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'Diese Notiz gibt es nicht.'), v.transform(Number)) }),
      answer: 'json' as Json<{ next: number }>,
    } as const satisfies Route;
    const resource = endpoint([on(numbered, (ctx) => json({ next: ctx.params.noteId + 1 }))]);
    const found = await new Visitor().call(resource, '/api/numbered/41', { params: { noteId: '41' } });
    expect(await found.json()).toEqual({ next: 42 });
    const missing = await new Visitor().call(resource, '/api/numbered/vier', { params: { noteId: 'vier' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Diese Notiz gibt es nicht.' });
  });

  it('reads the headers its route declares, and refuses a missing or malformed one with 400 and the schema’s message', async () => {
    const keyed = {
      method: 'POST',
      path: '/api/keyed',
      headers: v.object({ 'x-request-key': v.pipe(v.string(), v.regex(/^[a-z]{4,}$/, 'Schlüssel fehlt oder passt nicht')) }, 'Schlüssel fehlt oder passt nicht'),
      answer: 'json' as Json<{ key: string }>,
    } as const satisfies Route;
    const resource = endpoint([on(keyed, (ctx) => json({ key: ctx.headers['x-request-key'] }))]);
    const visitor = new Visitor();
    const sent = await visitor.call(resource, '/api/keyed', { method: 'POST', headers: { 'X-Request-Key': 'abcd' } });
    expect(await sent.json()).toEqual({ key: 'abcd' });
    const missingOrMalformed: Record<string, string>[] = [{}, { 'X-Request-Key': 'AB' }];
    for (const headers of missingOrMalformed) {
      const refused = await visitor.call(resource, '/api/keyed', { method: 'POST', headers });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ message: 'Schlüssel fehlt oder passt nicht' });
    }
  });

  it('refuses two handlers for one method', () => {
    expect(() => endpoint([on(forgetNote, () => noContent()), on(forgetNote, () => noContent())])).toThrow(/zwei Handler/);
  });

  it('holds each handler to the answer its route declares (checked by the compiler: these lines must not compile)', () => {
    // @ts-expect-error – the login answers { ok }, not a message: a renamed field is caught.
    on(authLogin, () => json({ message: 'angemeldet' }));
    // @ts-expect-error – 204 is not the JSON the login declares.
    on(authLogin, () => noContent());
    // @ts-expect-error – a route without a body has no body to read.
    on(forgetNote, async (ctx) => json((await ctx.body()).text));
    // @ts-expect-error – the path declares no parameter 'id'.
    on(note, (ctx) => json({ noteId: ctx.params.id, page: undefined }));
    // @ts-expect-error – only a route that takes form posts may answer with an HTML page.
    on(addNote, () => htmlPage(200, '<p>gespeichert</p>', "default-src 'none'"));
    // @ts-expect-error – a body schema for the case at hand must read a part of what the entry takes, not something else.
    on(addNote, async (ctx) => json({ saved: String((await ctx.body(v.object({ count: v.number() }))).count) }));
    expect(on(authLogin, () => json({ ok: true })).route).toBe(authLogin);
  });
});
