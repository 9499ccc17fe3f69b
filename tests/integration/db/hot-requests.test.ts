import { beforeAll, describe, expect, it } from 'vitest';
import me from '../../../netlify/functions/auth-me.mts';
import orders from '../../../netlify/functions/orders.mts';
import captchaImage from '../../../netlify/functions/security-captcha-image.mts';
import hashcashTask from '../../../netlify/functions/security-hashcash-task.mts';
import { getDb } from '../../../src/server/db/index.ts';
import { rateLimits } from '../../../src/server/rate-limits.ts';
import { loggedIn, primed } from '../auth/helpers.ts';
import { conversationOf, readMessages, sendMessage, tempId } from '../chat/helpers.ts';
import { Visitor } from '../http/visitor.ts';
import { consumerOrderOfOneApp } from '../orders/proof-of-work.ts';

/**
 * Issue 22, decision 0044: the round trips of each hot request, as the answer reports them in
 * Server-Timing, through the real handlers. Exact numbers: a change that adds a trip fails here.
 */
function roundTrips(response: Response): number {
  const match = /desc="(\d+) round trips"/.exec(response.headers.get('Server-Timing') ?? '');
  if (!match) throw new Error('answer without a round-trip count');
  return Number(match[1]);
}

let keys = 0;
const submitOrder = (visitor: Visitor, body: unknown, key = `hot-${Date.now()}-${++keys}`) =>
  visitor.call(orders, '/api/orders', { method: 'POST', json: body, headers: { 'Idempotency-Key': key } });

async function sessionSeen(): Promise<Map<string, string>> {
  const { rows } = await (await getDb()).query<{ token_hash: string; seen: string }>('SELECT token_hash, last_seen_at::text AS seen FROM sessions');
  return new Map(rows.map((row) => [row.token_hash, row.seen]));
}

beforeAll(async () => {
  await getDb(); // opened and migrated outside every count
});

describe('round trips of the hot requests', () => {
  it('a visitor chat poll: one statement that writes nothing, also for a logged-in customer', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor);
    const poll = await readMessages(visitor, id, '?after=999999');
    expect(poll.status).toBe(200);
    expect(roundTrips(poll)).toBe(1);
    expect(await poll.json()).toMatchObject({ status: 'open', messages: [], hasMore: false });

    const { visitor: customer } = await loggedIn();
    const own = await conversationOf(customer);
    const before = await sessionSeen();
    const { rows: conversationBefore } = await (await getDb()).query('SELECT * FROM chat_conversations WHERE id = $1', [own]);
    const first = await readMessages(customer, own);
    expect(first.status).toBe(200);
    expect(roundTrips(first)).toBe(1);
    expect(((await first.json()) as { messages: unknown[] }).messages).toHaveLength(1);
    // Nothing moved: no session slid its idle limit, the conversation is as it was.
    expect(await sessionSeen()).toEqual(before);
    expect((await (await getDb()).query('SELECT * FROM chat_conversations WHERE id = $1', [own])).rows).toEqual(conversationBefore);

    const foreign = await readMessages(await primed(), id);
    expect(foreign.status).toBe(404);
    expect(roundTrips(foreign)).toBe(1);
  });

  it('a visitor chat message: one round trip, two with a session (which it slides)', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor);
    const sent = await sendMessage(visitor, id, { text: 'Noch eine Frage.', tempId: tempId() });
    expect(sent.status).toBe(201);
    expect(roundTrips(sent)).toBe(1);

    const { visitor: customer } = await loggedIn();
    const own = await conversationOf(customer);
    const mine = await sendMessage(customer, own, { text: 'Angemeldet gefragt.', tempId: tempId() });
    expect(mine.status).toBe(201);
    expect(roundTrips(mine)).toBe(2);
  });

  it('an order: three round trips (rate limit; numbers and session; everything else), mails and the first invoice after the answer', async () => {
    const visitor = await primed();
    const email = `hot.${Date.now()}@example.test`;
    const response = await submitOrder(visitor, consumerOrderOfOneApp(email));
    expect(response.status).toBe(201);
    expect(roundTrips(response)).toBe(3);
    await visitor.settled();
    const { rows } = await (await getDb()).query<{ subject: string }>('SELECT subject FROM mail_outbox WHERE recipient = $1 AND sent_at IS NOT NULL ORDER BY id', [
      email,
    ]);
    expect(rows.map((row) => row.subject.split(' ').slice(0, 2).join(' '))).toEqual(['Bestellbestätigung und', 'Ihre Rechnung']);

    // An order we review (decision 0053) costs the same three, and its receipt goes out without an invoice.
    const reviewedEmail = `hot-review.${Date.now()}@example.test`;
    const reviewedBody = consumerOrderOfOneApp(reviewedEmail);
    const reviewed = await submitOrder(visitor, { ...reviewedBody, items: [...reviewedBody.items, { id: 'remote-hands', quantity: 1 }] });
    expect(reviewed.status).toBe(201);
    expect(roundTrips(reviewed)).toBe(3);
    await visitor.settled();
    const receipts = await (await getDb()).query<{ subject: string }>('SELECT subject FROM mail_outbox WHERE recipient = $1 AND sent_at IS NOT NULL ORDER BY id', [
      reviewedEmail,
    ]);
    expect(receipts.rows.map((row) => row.subject.split(' ').slice(0, 2).join(' '))).toEqual(['Eingangsbestätigung Ihrer']);
  });

  it('a captcha image, a hashcash task and the session check: one each', async () => {
    const visitor = await primed();
    const image = await visitor.call(captchaImage, '/security/captcha/image.png');
    expect(image.status).toBe(200);
    expect(roundTrips(image)).toBe(1);
    const tasks = await visitor.call(hashcashTask, '/security/hashcash/task');
    expect(tasks.status).toBe(200);
    expect(roundTrips(tasks)).toBe(1);

    const { visitor: customer } = await loggedIn();
    const session = await customer.call(me, '/api/auth/me');
    expect(session.status).toBe(200);
    expect(roundTrips(session)).toBe(1);
  });
});

describe('folded into one statement, the limits stay exact under concurrency', () => {
  it('concurrent chat messages of one sender: exactly the limit is stored, the rest is 429', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor); // the start counts one message
    const { limit } = rateLimits['chat-message'];
    const responses = await Promise.all(Array.from({ length: limit + 5 }, (_, n) => sendMessage(visitor, id, { text: `Nachricht ${n}`, tempId: tempId() })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(limit - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    const { rows } = await (await getDb()).query<{ n: number }>('SELECT count(*)::int AS n FROM chat_messages WHERE conversation_id = $1', [id]);
    expect(rows[0]!.n).toBe(limit);
  });

  it('concurrent captcha images from one address: exactly the limit is issued', async () => {
    const ip = '2001:db8::c0de:1';
    const { limit } = rateLimits['captcha-new'];
    const responses = await Promise.all(Array.from({ length: limit + 10 }, () => new Visitor(ip).call(captchaImage, '/security/captcha/image.png')));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(responses.find((r) => r.status === 429)!.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('concurrent orders with one key store one order and mail it once; a spent proof of work stores nothing', async () => {
    const visitor = await primed();
    const email = `hot.race.${Date.now()}@example.test`;
    const body = consumerOrderOfOneApp(email);
    const key = `hot-race-${Date.now()}`;
    const responses = await Promise.all(Array.from({ length: 8 }, () => submitOrder(visitor, body, key)));
    expect(responses.map((r) => r.status).sort()).toEqual([201, ...Array(7).fill(200)].sort());
    expect(new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as { orderId: string }).orderId))).size).toBe(1);
    const db = await getDb();
    const counted = async (sql: string) => (await db.query<{ n: number }>(sql, [email])).rows[0]!.n;
    expect(await counted('SELECT count(*)::int AS n FROM orders WHERE email = $1')).toBe(1);
    expect(await counted('SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1')).toBe(1);

    // The same solutions with a new key are a replay: 400, and neither order nor mail nor contract.
    const replay = await submitOrder(visitor, body);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { errors: Record<string, string> }).errors.hashcash_solutions).toBeDefined();
    expect(await counted('SELECT count(*)::int AS n FROM orders WHERE email = $1')).toBe(1);
    expect(await counted('SELECT count(*)::int AS n FROM contracts WHERE email = $1')).toBe(1);
    expect(await counted('SELECT count(*)::int AS n FROM mail_outbox WHERE recipient = $1')).toBe(1);
  });
});
