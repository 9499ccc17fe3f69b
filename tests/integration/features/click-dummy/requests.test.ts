import { describe, expect, it } from 'vitest';
import clickdummy from '../../../../netlify/functions/clickdummy.mts';
import health from '../../../../netlify/functions/health.mts';
import { site } from '../../../../src/config/site.ts';
import { getDb } from '../../../../src/server/db/index.ts';
import { Visitor } from '../../http/visitor.ts';

const request = {
  name: 'Erika Mustermann',
  email: 'erika@example.test',
  message: 'Erstelle eine Vereinsverwaltung.\nMitglieder, Beiträge und ein Kalender für Trainings.',
  trigger: 'create',
};

/** A visitor who loaded the page: it has the visitor and CSRF cookies a POST needs. */
async function primed(ip?: string): Promise<Visitor> {
  const visitor = new Visitor(ip);
  await visitor.call(health, '/api/health');
  return visitor;
}

function send(visitor: Visitor, body: unknown) {
  return visitor.call(clickdummy, '/api/clickdummy', { method: 'POST', json: body });
}

async function requestCount(): Promise<number> {
  const { rows } = await (await getDb()).query<{ n: number }>('SELECT count(*)::int AS n FROM click_dummy_requests');
  return rows[0]!.n;
}

describe('POST /api/clickdummy', () => {
  it('stores the request with its prompt, mails requester and company, and answers 201 { id }', async () => {
    const visitor = await primed();
    const unique = `${request.message}\nKennung ${crypto.randomUUID()}`;
    const response = await send(visitor, { ...request, name: '  Erika Mustermann ', message: unique, trigger: 'save' });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const db = await getDb();
    const stored = await db.query('SELECT name, email, prompt, trigger FROM click_dummy_requests WHERE id = $1', [id]);
    expect(stored.rows[0]).toEqual({ name: 'Erika Mustermann', email: request.email, prompt: unique, trigger: 'save' });

    const mails = await db.query<{ recipient: string; subject: string; text_body: string; reply_to: string | null; sent_at: Date | null }>(
      'SELECT recipient, subject, text_body, reply_to, sent_at FROM mail_outbox WHERE text_body LIKE $1 ORDER BY id',
      [`%${unique.split('\n')[2]}%`],
    );
    expect(mails.rows).toHaveLength(2);
    const [confirmation, notification] = mails.rows;
    expect(confirmation).toMatchObject({ recipient: request.email, subject: 'Ihre Click-Dummy-Anfrage' });
    expect(confirmation!.text_body).toContain('innerhalb von 48 Stunden');
    expect(confirmation!.text_body).toContain('> Erstelle eine Vereinsverwaltung.\n> Mitglieder, Beiträge');
    expect(notification).toMatchObject({ recipient: site.inquiryEmail, reply_to: request.email, subject: `Click-Dummy-Anfrage #${id} von Erika Mustermann` });
    expect(notification!.text_body).toContain('Ausgelöst durch: Speichern');
    expect(mails.rows.every((m) => m.sent_at instanceof Date)).toBe(true);
  });

  it('keeps header lines in one line whatever the name contains', async () => {
    const visitor = await primed();
    const response = await send(visitor, { ...request, name: 'Erika\r\nBcc: opfer@example.test' });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const { rows } = await (await getDb()).query<{ subject: string }>('SELECT subject FROM mail_outbox WHERE subject = $1', [
      `Click-Dummy-Anfrage #${id} von Erika Bcc: opfer@example.test`,
    ]);
    expect(rows).toHaveLength(1);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['the name is blank', { name: '   ' }, 'name', 'Name ist erforderlich'],
    ['the name is missing', { name: undefined }, 'name', 'Name ist erforderlich'],
    ['the e-mail is blank', { email: ' ' }, 'email', 'E-Mail ist erforderlich'],
    ['the e-mail is malformed', { email: 'erika@' }, 'email', 'Ungültige E-Mail-Adresse'],
    ['the prompt is blank', { message: '\n  ' }, 'message', 'Bitte beschreiben Sie Ihre Anwendung.'],
    ['the prompt is too long', { message: 'x'.repeat(5001) }, 'message', 'Bitte höchstens 5.000 Zeichen eingeben.'],
    ['the trigger is unknown', { trigger: 'delete' }, 'trigger', 'Unbekannter Auslöser.'],
    ['the trigger is missing', { trigger: undefined }, 'trigger', 'Unbekannter Auslöser.'],
    ['the prompt is missing', { message: undefined }, 'message', 'Bitte beschreiben Sie Ihre Anwendung.'],
  ];
  for (const [label, change, field, message] of invalid) {
    it(`answers 400 with the German message and stores nothing when ${label}`, async () => {
      const visitor = await primed();
      const before = await requestCount();
      const response = await send(visitor, { ...request, ...change });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string; errors: Record<string, string> };
      expect(body.errors[field]).toBe(message);
      expect(await requestCount()).toBe(before);
    });
  }

  it('answers 400 for broken JSON, 403 without the CSRF token and 405 for GET', async () => {
    const visitor = await primed();
    const broken = await visitor.call(clickdummy, '/api/clickdummy', {
      method: 'POST',
      body: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'Die Anfrage enthält kein gültiges JSON.' });
    expect((await visitor.call(clickdummy, '/api/clickdummy', { method: 'POST', json: request, csrf: false })).status).toBe(403);
    expect((await visitor.call(clickdummy, '/api/clickdummy')).status).toBe(405);
  });

  it('limits each IP to 5 requests per 10 minutes and tells when to try again', async () => {
    const visitor = await primed();
    for (let i = 0; i < 5; i++) expect((await send(visitor, request)).status).toBe(201);
    const before = await requestCount();
    const blocked = await send(visitor, request);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/^Zu viele Anfragen/);
    expect(await requestCount()).toBe(before);
    // Another address is not affected.
    expect((await send(await primed(), request)).status).toBe(201);
  });
});
