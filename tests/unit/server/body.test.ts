import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { readJsonBody } from '../../../src/server/http/body.ts';
import { HttpError } from '../../../src/server/http/errors.ts';

const Schema = v.object({
  name: v.pipe(v.string('Name ist erforderlich'), v.trim(), v.nonEmpty('Name ist erforderlich')),
  email: v.pipe(v.string('E-Mail ist erforderlich'), v.email('Ungültige E-Mail-Adresse')),
});

const post = (body: BodyInit | null, contentType = 'application/json', extra: Record<string, string> = {}) =>
  new Request('http://127.0.0.1/api/x', { method: 'POST', body, headers: { 'content-type': contentType, ...extra } });

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

describe('readJsonBody', () => {
  it('returns the validated, transformed value', async () => {
    await expect(readJsonBody(post('{"name":"  Jörg ","email":"j@example.de"}'), Schema)).resolves.toEqual({
      name: 'Jörg',
      email: 'j@example.de',
    });
  });

  it('answers 400 with German messages per field', async () => {
    const error = await failure(readJsonBody(post('{"name":"","email":"kein-at"}'), Schema));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Bitte überprüfen Sie Ihre Eingaben.');
    expect(error.errors).toEqual({ name: 'Name ist erforderlich', email: 'Ungültige E-Mail-Adresse' });
  });

  it('answers 400 for malformed JSON and for invalid UTF-8', async () => {
    expect((await failure(readJsonBody(post('{"name":'), Schema))).status).toBe(400);
    expect((await failure(readJsonBody(post(new Uint8Array([0x7b, 0xff, 0x7d])), Schema))).message).toBe(
      'Die Anfrage enthält kein gültiges JSON.',
    );
  });

  it('answers 415 for a body that is not JSON', async () => {
    const error = await failure(readJsonBody(post('name=x', 'application/x-www-form-urlencoded'), Schema));
    expect(error.status).toBe(415);
  });

  it('answers 413 for a body over the limit, declared or streamed', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(200), email: 'a@b.de' });
    expect((await failure(readJsonBody(post(big), Schema, 100))).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(50)));
        controller.close();
      },
    });
    const streamed = new Request('http://127.0.0.1/api/x', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect((await failure(readJsonBody(streamed, Schema, 100))).status).toBe(413);
  });

  it('passes an empty body to the schema as undefined', async () => {
    expect((await failure(readJsonBody(post(null), Schema))).status).toBe(400);
    await expect(readJsonBody(post(null), v.optional(v.object({})))).resolves.toBeUndefined();
  });
});
