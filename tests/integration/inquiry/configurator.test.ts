import { beforeAll, describe, expect, it } from 'vitest';
import inquiry from '../../../netlify/functions/inquiry.mts';
import captchaImage from '../../../netlify/functions/security-captcha-image.mts';
import hashcashTask from '../../../netlify/functions/security-hashcash-task.mts';
import { site } from '../../../src/config/site.ts';
import { searchNonce, type HashcashTask } from '../../../src/lib/hashcash/index.ts';
import { DEFAULT_CONFIGURATOR_STATE } from '../../../src/lib/schemas/configurator.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { env } from '../../../src/server/env.ts';
import { captchaAnswer } from '../../../src/server/security/captcha.ts';
import { Visitor } from '../http/visitor.ts';

process.env.HASHCASH_TASKS = '2';
process.env.HASHCASH_DIFFICULTY = '2';

let secret: string;
// Opening the database (migrations on a fresh one) belongs to the setup, not to the first test's time.
beforeAll(async () => {
  secret = env().appSecret;
  await getDb();
});

async function preparedVisitor() {
  const visitor = new Visitor();
  await visitor.call(captchaImage, '/security/captcha/image.png');
  const captcha = captchaAnswer(secret, visitor.cookies.get('captcha_id')!, 'image');
  const { tasks } = (await (await visitor.call(hashcashTask, '/security/hashcash/task')).json()) as { tasks: HashcashTask[] };
  const hashcash_solutions = tasks.map((task) => ({ ...task, nonce: searchNonce(task)! }));
  return { visitor, captcha, hashcash_solutions };
}

/** The worked example of issue 8: portal, 10 development hours, no support, monthly plan. */
const workedExample = { ...DEFAULT_CONFIGURATOR_STATE, developmentHours: 10 };
const clickDummy = {
  id: 'cd-1',
  prompt: 'Ein Kundenportal mit Login, Dokumentenablage und Terminbuchung für eine Physiotherapiepraxis.',
  createdAt: '2026-11-20T09:30:00.000Z',
  name: 'ClickDummy 1',
  email: 'erika@example.test',
  trigger: 'create',
};

const body = (change: Record<string, unknown> = {}) => ({
  name: 'Erika Mustermann',
  email: 'erika@example.test',
  message: 'Wir brauchen ein Portal für unsere Praxis (Konfigurator-Test).',
  configurator: workedExample,
  clickDummies: [clickDummy],
  ...change,
});

interface StoredEstimate {
  development: { net: number; gross: number };
  setup: { net: number; gross: number };
  monthly: { net: number; gross: number };
  hostingFactor: number;
}

describe('POST /api/inquiry (order configurator)', () => {
  it('recomputes the estimate and ignores a tampered one, stores the state, mails the customer a copy', async () => {
    const { visitor, captcha, hashcash_solutions } = await preparedVisitor();
    const tampered = { development: { net: 1, gross: 1 }, setup: { net: 1, gross: 1 }, monthly: { net: 0, gross: 0 } };
    const response = await visitor.call(inquiry, '/api/inquiry', {
      method: 'POST',
      json: { ...body(), estimate: tampered, captcha, hashcash_solutions },
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };

    const db = await getDb();
    const { rows } = await db.query<{ kind: string; name: string; message: string; details: { configurator: unknown; clickDummies: unknown[]; estimate: StoredEstimate } }>(
      'SELECT kind, name, message, details FROM inquiries WHERE id = $1',
      [id],
    );
    const stored = rows[0]!;
    expect(stored.kind).toBe('configurator');
    expect(stored.details.configurator).toEqual(workedExample);
    expect(stored.details.clickDummies).toEqual([clickDummy]);
    expect(stored.details.estimate).toMatchObject({
      // Issue 18: the development hour is the price list's 'Softwareentwicklung' hour, 80,00 € net.
      development: { net: 80000, gross: 95200 },
      setup: { net: 89000, gross: 105910 },
      monthly: { net: 8000, gross: 9520 },
      hostingFactor: 1,
    });

    const mails = await db.query<{ recipient: string; subject: string; text_body: string; reply_to: string | null }>(
      `SELECT recipient, subject, text_body, reply_to FROM mail_outbox WHERE text_body LIKE $1 ORDER BY id`,
      [`%#${id})%`],
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]).toMatchObject({ recipient: site.inquiryEmail, reply_to: 'erika@example.test', subject: `Konfigurator-Anfrage #${id} von Erika Mustermann` });
    const copies = await db.query<{ recipient: string; subject: string; text_body: string }>(
      `SELECT recipient, subject, text_body FROM mail_outbox WHERE recipient = $1 AND subject = $2 ORDER BY id DESC LIMIT 1`,
      ['erika@example.test', `Ihre Anfrage aus dem Auftragskonfigurator bei ${site.name}`],
    );
    const copy = copies.rows[0]!.text_body;
    // Gross first, the net beside it (PAngV): a consumer never reads a net price alone.
    expect(copy).toContain('Entwicklung (einmalig): 952,00\u00a0€ brutto (800,00\u00a0€ netto)');
    expect(copy).toContain('Einrichtungskosten (einmalig): 1.059,10\u00a0€ brutto (890,00\u00a0€ netto)');
    expect(copy).toContain('Monatliche Kosten: 95,20\u00a0€ brutto (80,00\u00a0€ netto)');
    expect(copy).toContain('ClickDummy 1: Ein Kundenportal');
    expect(copy).not.toContain('0,01');
  });

  it('prices the support tab and notes a custom part as on request', async () => {
    const { visitor, captcha, hashcash_solutions } = await preparedVisitor();
    const configurator = { ...workedExample, selectedAppType: ['portal', 'custom'] };
    const response = await visitor.call(inquiry, '/api/inquiry', { method: 'POST', json: { ...body({ configurator, clickDummies: [] }), captcha, hashcash_solutions } });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const db = await getDb();
    const { rows } = await db.query<{ details: { estimate: { onRequest: boolean } } }>('SELECT details FROM inquiries WHERE id = $1', [id]);
    expect(rows[0]!.details.estimate.onRequest).toBe(true);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['negative development hours', { configurator: { ...workedExample, developmentHours: -1 } }, 'configurator.developmentHours'],
    ['support-only hours below 1', { configurator: { ...workedExample, supportOnlyHours: 0 } }, 'configurator.supportOnlyHours'],
    ['an unknown app type', { configurator: { ...workedExample, selectedAppType: ['blog'] } }, 'configurator.selectedAppType.0'],
    ['an unknown plan', { configurator: { ...workedExample, hostingPlan: 'annual' } }, 'configurator.hostingPlan'],
    ['a click dummy without ISO date', { clickDummies: [{ ...clickDummy, createdAt: '20.11.2026' }] }, 'clickDummies.0.createdAt'],
    ['no name', { name: ' ' }, 'name'],
  ];
  for (const [label, change, field] of invalid) {
    it(`answers 400 with the field error for ${label}, stores nothing`, async () => {
      const { visitor, captcha, hashcash_solutions } = await preparedVisitor();
      const db = await getDb();
      const before = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM inquiries')).rows[0]!.n;
      const response = await visitor.call(inquiry, '/api/inquiry', { method: 'POST', json: { ...body(change), captcha, hashcash_solutions } });
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { errors: Record<string, string> };
      expect(Object.keys(answer.errors)).toContain(field);
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM inquiries')).rows[0]!.n).toBe(before);
    });
  }
});
