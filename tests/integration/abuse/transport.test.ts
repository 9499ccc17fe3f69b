import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../src/server/db/index.ts';
import { httpMessages } from '../../../src/server/http/errors.ts';
import { Visitor } from '../http/visitor.ts';
import { coveredFunctionFiles, send, targets, type Prepared, type Target } from './endpoints.ts';

/**
 * Abuse of the transport (issue 12, docs/decisions/0021-robustness.md): every state-changing
 * endpoint answers oversized bodies, wrong content types, deep and broken JSON with a German 4xx,
 * never with a 500, and stores nothing.
 */

const ONE_MB = 1024 * 1024;

/** Rows of every table except the rate-limit counters (a refused request still counts). */
let countAll = '';
async function storedRows(): Promise<Record<string, number>> {
  const db = await getDb();
  if (!countAll) {
    const { rows: tables } = await db.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'rate_limit_buckets' ORDER BY 1",
    );
    countAll = `SELECT ${tables.map(({ name }) => `(SELECT count(*)::int FROM "${name}") AS "${name}"`).join(', ')}`;
  }
  return (await db.query<Record<string, number>>(countAll)).rows[0]!;
}

/** The same caller from another address, so the per-address rate limits of a form never interfere. */
function fromFreshAddress(prepared: Prepared): Prepared {
  const visitor = new Visitor();
  for (const [name, value] of prepared.visitor.cookies) visitor.cookies.set(name, value);
  return { ...prepared, visitor };
}

function streamOf(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode('"' + 'a'.repeat(16 * 1024 - 2) + '"');
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

interface AbuseCase {
  label: string;
  body: () => BodyInit;
  headers: Record<string, string>;
  /**
   * The answer of an endpoint that reads its body; undefined: not applicable to body-less endpoints.
   * `html`: the declarations answer a form post with the form again, as an HTML page.
   */
  expected: (target: Target) => { status: number; message?: string; html?: boolean };
  /** Body-less endpoints are checked too (they must refuse it before doing anything). */
  appliesToBodyless: boolean;
}

const json = { 'content-type': 'application/json' };
const oneMegabyteJson = JSON.stringify({ name: 'x'.repeat(ONE_MB) });
const deepArrays = '['.repeat(10_000) + ']'.repeat(10_000);
const deepObjects = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
const tooLarge = { status: 413, message: httpMessages.payloadTooLarge };
const badJson = { status: 400, message: httpMessages.invalidJson };
const wrongType = { status: 415, message: httpMessages.unsupportedMediaType };

const cases: AbuseCase[] = [
  {
    label: '1 MB body with its Content-Length',
    body: () => oneMegabyteJson,
    headers: { ...json, 'content-length': String(Buffer.byteLength(oneMegabyteJson)) },
    expected: () => tooLarge,
    appliesToBodyless: true,
  },
  { label: '1 MB body streamed without Content-Length', body: () => streamOf(ONE_MB), headers: json, expected: () => tooLarge, appliesToBodyless: false },
  { label: 'JSON sent as text/plain', body: () => '{"name":"Erika"}', headers: { 'content-type': 'text/plain' }, expected: () => wrongType, appliesToBodyless: false },
  {
    label: 'a form post (urlencoded)',
    body: () => 'name=Erika&email=e%40example.test',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    expected: (target) => (target.formPosts ? { status: 400, message: httpMessages.invalidInput, html: true } : wrongType),
    appliesToBodyless: false,
  },
  { label: 'no Content-Type at all', body: () => new Blob(['{"name":"Erika"}']), headers: {}, expected: () => wrongType, appliesToBodyless: false },
  {
    label: '10 000 nested arrays',
    body: () => deepArrays,
    headers: json,
    expected: (target) => (target.maxBodyBytes && deepArrays.length > target.maxBodyBytes ? tooLarge : { status: 400 }),
    appliesToBodyless: false,
  },
  {
    label: '10 000 nested objects',
    body: () => deepObjects,
    headers: json,
    expected: (target) => (target.maxBodyBytes && deepObjects.length > target.maxBodyBytes ? tooLarge : { status: 400 }),
    appliesToBodyless: false,
  },
  { label: 'broken JSON', body: () => '{"name": "Erika", ', headers: json, expected: () => badJson, appliesToBodyless: false },
  { label: 'bytes that are not UTF-8', body: () => new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), headers: json, expected: () => badJson, appliesToBodyless: false },
  { label: 'JSON that is a bare string', body: () => '"<script>alert(1)</script>"', headers: json, expected: () => ({ status: 400 }), appliesToBodyless: false },
  { label: 'JSON that is a list', body: () => '[{"name":"Erika"}]', headers: json, expected: () => ({ status: 400 }), appliesToBodyless: false },
  { label: 'JSON null', body: () => 'null', headers: json, expected: () => ({ status: 400 }), appliesToBodyless: false },
];

beforeAll(async () => {
  await getDb();
});

describe('every state-changing endpoint is in the list', () => {
  it('each function with POST, PUT, PATCH or DELETE is covered', async () => {
    const dir = join(import.meta.dirname, '../../../netlify/functions');
    const names = readdirSync(dir)
      .filter((file) => file.endsWith('.mts'))
      .map((file) => file.replace(/\.mts$/, ''));
    const changing: string[] = [];
    for (const name of names) {
      const { default: handler } = (await import(`../../../netlify/functions/${name}.mts`)) as { default: { methods?: readonly string[] } };
      if (handler.methods?.some((method) => method !== 'GET')) changing.push(name);
    }
    expect(changing.sort()).toEqual([...coveredFunctionFiles].sort());
  });
});

describe.each(targets)('$label', (target) => {
  const applicable = cases.filter((abuse) => !target.bodyless || abuse.appliesToBodyless);
  let caller: Prepared;
  beforeAll(async () => {
    caller = await target.prepare();
  });

  it.each(applicable)('$label → German 4xx, nothing stored', async (abuse) => {
    const prepared = fromFreshAddress(target.callerPerCase ? await target.prepare() : caller);
    const before = await storedRows();
    const response = await send(target, prepared, abuse.body(), abuse.headers);
    const expected = abuse.expected(target);
    if (expected.html) {
      expect(response.status).toBe(expected.status);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain(expected.message);
      expect(await storedRows()).toEqual(before);
      return;
    }
    const answer = (await response.json()) as { message?: string };
    expect({ status: response.status, message: answer.message }).toMatchObject({ status: expected.status, ...(expected.message ? { message: expected.message } : {}) });
    expect(answer.message).toMatch(/[a-zäöüß]/i);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await storedRows()).toEqual(before);
  });
});
