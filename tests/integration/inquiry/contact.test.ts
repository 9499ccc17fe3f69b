import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import inquiry from '../../../netlify/functions/inquiry.mts';
import captchaImage from '../../../netlify/functions/security-captcha-image.mts';
import hashcashTask from '../../../netlify/functions/security-hashcash-task.mts';
import { site } from '../../../src/config/site.ts';
import { searchNonce, type HashcashTask } from '../../../src/lib/hashcash/index.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { env } from '../../../src/server/env.ts';
import { captchaAnswer } from '../../../src/server/security/captcha.ts';
import { Visitor } from '../http/visitor.ts';

process.env.HASHCASH_TASKS = '2';
process.env.HASHCASH_DIFFICULTY = '2';

let secret: string;
beforeAll(() => {
  secret = env().appSecret;
});

/** A visitor who loaded the form: captcha answered (learnt with the server secret), hashcash solved. */
async function preparedVisitor() {
  const visitor = new Visitor();
  await visitor.call(captchaImage, '/security/captcha/image.png');
  const captcha = captchaAnswer(secret, visitor.cookies.get('captcha_id')!, 'image');
  const { tasks } = (await (await visitor.call(hashcashTask, '/security/hashcash/task')).json()) as { tasks: HashcashTask[] };
  const hashcash_solutions = tasks.map((task) => ({ ...task, nonce: searchNonce(task)! }));
  return { visitor, captcha, hashcash_solutions };
}

const fields = {
  name: 'Erika Mustermann',
  email: 'erika@example.test',
  subject: 'Angebot für ein Kundenportal',
  message: 'Guten Tag,\nwir möchten ein Kundenportal mit Login und Dokumentenablage. Was würde das kosten?',
};

function send(visitor: Visitor, body: unknown) {
  return visitor.call(inquiry, '/api/inquiry', { method: 'POST', json: body });
}

async function inquiryCount(): Promise<number> {
  const { rows } = await (await getDb()).query<{ n: number }>('SELECT count(*) AS n FROM inquiries');
  return rows[0]!.n;
}

describe('POST /api/inquiry (contact form)', () => {
  it('stores the inquiry, sends confirmation and notification, and answers 201 { id }', async () => {
    const { visitor, captcha, hashcash_solutions } = await preparedVisitor();
    const response = await send(visitor, { ...fields, captcha, hashcash_solutions });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const db = await getDb();
    const stored = await db.query('SELECT kind, name, email, subject, message FROM inquiries WHERE id = $1', [id]);
    expect(stored.rows[0]).toEqual({ kind: 'contact', name: fields.name, email: fields.email, subject: fields.subject, message: fields.message });

    const mails = await db.query<{ recipient: string; subject: string; text_body: string; reply_to: string | null; sent_at: Date | null }>(
      `SELECT recipient, subject, text_body, reply_to, sent_at FROM mail_outbox WHERE text_body LIKE $1 ORDER BY id`,
      [`%${fields.message.split('\n')[1]}%`],
    );
    expect(mails.rows).toHaveLength(2);
    const [confirmation, notification] = mails.rows;
    expect(confirmation).toMatchObject({ recipient: fields.email, subject: `Ihre Anfrage bei ${site.name}` });
    expect(confirmation!.text_body).toContain('innerhalb von 48 Stunden');
    expect(notification).toMatchObject({ recipient: site.inquiryEmail, reply_to: fields.email });
    expect(notification!.subject).toBe(`Kontaktanfrage #${id} von Erika Mustermann: Angebot für ein Kundenportal`);
    expect(mails.rows.every((m) => m.sent_at instanceof Date)).toBe(true);
    const emls = (await readdir(join(env().dataDir, 'mail'))).filter((f) => f.endsWith('.eml'));
    expect(emls.length).toBeGreaterThanOrEqual(2);
  });

  it('uses captcha and hashcash up: the same submission again is refused', async () => {
    const { visitor, captcha, hashcash_solutions } = await preparedVisitor();
    expect((await send(visitor, { ...fields, captcha, hashcash_solutions })).status).toBe(201);
    const before = await inquiryCount();
    const again = await send(visitor, { ...fields, captcha, hashcash_solutions });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ errors: { captcha: expect.stringContaining('Sicherheitscode') } });
    expect(await inquiryCount()).toBe(before);
  });

  it('refuses reused hashcash solutions with a new captcha, and keeps that captcha usable', async () => {
    const first = await preparedVisitor();
    expect((await send(first.visitor, { ...fields, captcha: first.captcha, hashcash_solutions: first.hashcash_solutions })).status).toBe(201);
    const second = await preparedVisitor();
    const before = await inquiryCount();
    const replay = await send(second.visitor, { ...fields, captcha: second.captcha, hashcash_solutions: first.hashcash_solutions });
    expect(replay.status).toBe(400);
    // The browser retries on the code, never by reading the German text.
    expect(await replay.json()).toMatchObject({ message: 'Hashcash konnte nicht gelöst werden. Bitte versuchen Sie es erneut.', code: 'proof-of-work-refused' });
    expect(await inquiryCount()).toBe(before);
    // The failed submission rolled back: its captcha was not spent.
    const ok = await send(second.visitor, { ...fields, captcha: second.captcha, hashcash_solutions: second.hashcash_solutions });
    expect(ok.status).toBe(201);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['name missing', { name: '  ' }, 'name', 'Name ist erforderlich'],
    ['email missing', { email: '' }, 'email', 'E-Mail ist erforderlich'],
    ['email malformed', { email: 'erika@' }, 'email', 'Ungültige E-Mail-Adresse'],
    ['message missing', { message: '' }, 'message', 'Nachricht ist erforderlich'],
    ['captcha missing', { captcha: '' }, 'captcha', 'Sicherheitscode ist erforderlich'],
    ['hashcash missing', { hashcash_solutions: [] }, 'hashcash_solutions', 'Hashcash-Lösungen fehlen.'],
    ['name not text', { name: 42 }, 'name', 'Name ist erforderlich'],
  ];
  for (const [label, change, field, message] of invalid) {
    it(`answers 400 and stores nothing when ${label}`, async () => {
      const { visitor, captcha, hashcash_solutions } = await preparedVisitor();
      const before = await inquiryCount();
      const response = await send(visitor, { ...fields, captcha, hashcash_solutions, ...change });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string; errors: Record<string, string> };
      expect(body.errors[field]).toBe(message);
      expect(await inquiryCount()).toBe(before);
    });
  }

  it('answers 400 for a wrong captcha and for broken JSON, 403 without CSRF token', async () => {
    const { visitor, captcha, hashcash_solutions } = await preparedVisitor();
    const wrong = captcha === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    expect((await send(visitor, { ...fields, captcha: wrong, hashcash_solutions })).status).toBe(400);
    const broken = await visitor.call(inquiry, '/api/inquiry', {
      method: 'POST',
      body: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'Die Anfrage enthält kein gültiges JSON.' });
    const forged = await visitor.call(inquiry, '/api/inquiry', { method: 'POST', json: fields, csrf: false });
    expect(forged.status).toBe(403);
  });
});
