import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../src/server/db/index.ts';
import { Visitor } from '../http/visitor.ts';
import { send, targets, type Handler, type Prepared, type Target } from './endpoints.ts';

/**
 * Every refusal speaks German (issue 35): each state-changing method of each function, found by
 * asking the functions in netlify/functions for their methods, is sent bodies with keys missing,
 * of the wrong type, nested too deep, unknown, empty and not JSON at all. No string anywhere in
 * an answer may be English – valibot's defaults ('Invalid key: Expected … but received …') were.
 */

const FUNCTIONS = join(import.meta.dirname, '../../../netlify/functions');
const UNSAFE = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Words of valibot's and other English refusals that no German text of ours contains. */
const ENGLISH = /\b(invalid|expected|received|must|should|required|undefined|but|the|is|not|please|allowed|cannot|missing|unknown|error)\b/i;

/** Every string value in an answer, with where it stands (keys are field paths, not texts). */
function textsOf(value: unknown, at = ''): { at: string; text: string }[] {
  if (typeof value === 'string') return [{ at, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => textsOf(item, `${at}[${index}]`));
  if (value && typeof value === 'object') {
    // `code` is what the browser reacts to, an identifier for machines (lib/http/error-codes.ts).
    return Object.entries(value).flatMap(([key, item]) => (at === '' && key === 'code' ? [] : textsOf(item, at ? `${at}.${key}` : key)));
  }
  return [];
}

/** The same caller from another address, so the per-address rate limits never interfere. */
function fromFreshAddress(prepared: Prepared): Prepared {
  const visitor = new Visitor();
  for (const [name, value] of prepared.visitor.cookies) visitor.cookies.set(name, value);
  return { ...prepared, visitor };
}

/** Sets `value` at a dot path ('customer.name') inside a copy of `body`. */
function withValueAt(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let node = copy;
  for (const key of keys.slice(0, -1)) {
    if (!node[key] || typeof node[key] !== 'object' || Array.isArray(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = value;
  return copy;
}

const WRONG_VALUES: [label: string, value: unknown][] = [
  ['a number', 123456789],
  ['a huge number', 1e300],
  ['a negative number', -1],
  ['a boolean', true],
  ['null', null],
  ['a list', [1, 'zwei']],
  ['an object nested deep', { a: { b: { c: [{ d: 1 }] } } }],
  ['an empty string', ''],
  ['a text', 'kein gültiger Wert'],
];

interface Answered {
  label: string;
  status: number;
  answer: unknown;
}

describe('every state-changing method of every function is probed', () => {
  it('each method a function allows has its caller in endpoints.ts', async () => {
    const missing: string[] = [];
    for (const file of readdirSync(FUNCTIONS).filter((name) => name.endsWith('.mts'))) {
      const module = (await import(pathToFileURL(join(FUNCTIONS, file)).href)) as { default: Handler; config: { path?: string } };
      // A scheduled function (billing run, mail retry) has no address: nobody can send it anything.
      if (module.config.path === undefined) continue;
      const response = await module.default(new Request(`http://127.0.0.1:4321${module.config.path}`, { method: 'OPTIONS' }), { ip: '192.0.2.1', params: {} });
      const methods = (response.headers.get('allow') ?? '').split(',').map((method) => method.trim());
      for (const method of methods.filter((name) => UNSAFE.includes(name))) {
        if (!targets.some((target) => target.handler === module.default && target.method === method)) missing.push(`${method} ${file}`);
      }
    }
    expect(missing, 'add these to tests/integration/abuse/endpoints.ts').toEqual([]);
  });
});

beforeAll(async () => {
  await getDb();
});

describe.each(targets)('$label', (target: Target) => {
  let caller: Prepared;
  beforeAll(async () => {
    caller = await target.prepare();
  });

  async function answer(label: string, body: BodyInit | null, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<Answered> {
    const prepared = fromFreshAddress(target.callerPerCase ? await target.prepare() : caller);
    const response = await send(target, prepared, body, headers);
    const text = await response.text();
    return { label, status: response.status, answer: response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text };
  }

  it('answers every malformed body in German', async () => {
    const answers: Answered[] = [
      await answer('no body', null, {}),
      await answer('an empty JSON body', ''),
      await answer('not JSON', 'das ist kein JSON'),
      await answer('JSON null', 'null'),
      await answer('a JSON list', '[]'),
      await answer('a JSON string', '"Text"'),
      await answer('a JSON number', '42'),
      await answer('an unknown key', JSON.stringify({ unbekannt: { tief: [1] } })),
    ];
    const empty = await answer('no keys', '{}');
    answers.push(empty);

    // The keys the empty object lacks, then those of their own objects: every field the schema names.
    const fields = new Set<string>();
    const missingKeys = (answered: Answered) =>
      Object.keys((answered.answer as { errors?: Record<string, string> } | null)?.errors ?? {}).filter((path) => path !== '');
    for (const path of missingKeys(empty)) fields.add(path);
    for (const path of [...fields]) {
      const nested = await answer(`${path} as an empty object`, JSON.stringify(withValueAt({}, path, {})));
      answers.push(nested);
      for (const inner of missingKeys(nested)) fields.add(inner);
    }
    for (const [label, value] of WRONG_VALUES) {
      let body: Record<string, unknown> = {};
      for (const path of fields) body = withValueAt(body, path, value);
      answers.push(await answer(`every field ${label}`, JSON.stringify(body)));
    }

    if (!target.bodyless) expect(answers.find((answered) => answered.label === 'not JSON')?.status).toBe(400);
    const english = answers.flatMap(({ label, status, answer: body }) =>
      (typeof body === 'string' ? [{ at: '', text: body }] : textsOf(body))
        .filter(({ text }) => ENGLISH.test(text))
        .map(({ at, text }) => `${label} → ${status} ${at}: ${text}`),
    );
    expect(english).toEqual([]);
    expect(answers.filter((answered) => answered.status >= 500).map(({ label, status }) => `${label} → ${status}`)).toEqual([]);
  });
});
