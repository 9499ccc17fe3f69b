import { describe, expect, it } from 'vitest';
import logout from '../../../netlify/functions/auth-logout.mts';
import login from '../../../netlify/functions/auth-login.mts';
import { getDb } from '../../../src/server/db/index.ts';
import { loggedIn, post, primed } from '../auth/helpers.ts';
import { conversationOf, ownConversations, readMessages, sendMessage, startChat, tempId, type Message } from './helpers.ts';
import accountExport from '../../../netlify/functions/account-export.mts';

async function messageCount(conversationId: string): Promise<number> {
  const { rows } = await (await getDb()).query<{ n: number }>('SELECT count(*)::int AS n FROM chat_messages WHERE conversation_id = $1', [conversationId]);
  return rows[0]!.n;
}

describe('visitor chat: conversations and messages', () => {
  it('starts a conversation with the first message, lists it and returns its messages', async () => {
    const visitor = await primed();
    const first = tempId();
    const started = await startChat(visitor, { text: '  Guten Tag, ich brauche Hilfe mit meiner Domain.  ', tempId: first });
    expect(started.status).toBe(201);
    const body = (await started.json()) as { conversation: { id: string; status: string }; message: Message };
    expect(body.conversation.status).toBe('open');
    expect(body.message).toMatchObject({
      conversationId: body.conversation.id,
      author: 'visitor',
      text: 'Guten Tag, ich brauche Hilfe mit meiner Domain.',
      tempId: first,
    });
    expect(typeof body.message.id).toBe('number');

    const listed = (await (await ownConversations(visitor)).json()) as { conversations: { id: string }[] };
    expect(listed.conversations.map((c) => c.id)).toEqual([body.conversation.id]);

    const read = await readMessages(visitor, body.conversation.id);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ status: 'open', messages: [body.message], hasMore: false, agentsAvailable: expect.any(Boolean) });
  });

  it('keeps the visitor cookie 30 days after each message written, while reading the chat renews nothing (decision 0035)', async () => {
    const visitor = await primed();
    const id = visitor.cookies.get('visitor_id');
    const started = await startChat(visitor, { text: 'Hallo', tempId: tempId() });
    const kept = started.headers.getSetCookie().find((c) => c.startsWith('visitor_id='))!;
    expect(kept).toContain(`visitor_id=${id};`);
    expect(kept).toContain('Max-Age=2592000');
    expect(kept).toContain('HttpOnly');
    const conversationId = ((await started.json()) as { conversation: { id: string } }).conversation.id;
    const sent = await sendMessage(visitor, conversationId, { text: 'Noch eine Frage', tempId: tempId() });
    expect(sent.headers.getSetCookie().find((c) => c.startsWith('visitor_id='))).toContain('Max-Age=2592000');
    expect((await readMessages(visitor, conversationId)).headers.getSetCookie()).toEqual([]);
  });

  it('stores HTML verbatim and answers it as JSON text, never as markup', async () => {
    const visitor = await primed();
    const html = '<img src=x onerror="alert(1)"><script>alert("x")</script> & <b>fett</b>';
    const id = await conversationOf(visitor, html);
    const response = await readMessages(visitor, id);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const { messages } = (await response.json()) as { messages: Message[] };
    expect(messages[0]!.text).toBe(html);
    const { rows } = await (await getDb()).query<{ text: string }>('SELECT text FROM chat_messages WHERE conversation_id = $1', [id]);
    expect(rows[0]!.text).toBe(html);
  });

  it('returns only messages newer than the after cursor', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor, 'Erste Nachricht');
    const second = (await (await sendMessage(visitor, id, { text: 'Zweite Nachricht', tempId: tempId() })).json()) as { message: Message };
    const third = (await (await sendMessage(visitor, id, { text: 'Dritte Nachricht', tempId: tempId() })).json()) as { message: Message };

    const all = (await (await readMessages(visitor, id)).json()) as { messages: Message[] };
    expect(all.messages.map((m) => m.text)).toEqual(['Erste Nachricht', 'Zweite Nachricht', 'Dritte Nachricht']);
    const newer = (await (await readMessages(visitor, id, `?after=${second.message.id}`)).json()) as { messages: Message[] };
    expect(newer.messages).toEqual([third.message]);
    const none = (await (await readMessages(visitor, id, `?after=${third.message.id}`)).json()) as { messages: Message[] };
    expect(none.messages).toEqual([]);

    for (const bad of ['-1', 'abc', '1.5', '1e3']) {
      const response = await readMessages(visitor, id, `?after=${bad}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: 'Ungültige Nachrichtenposition.' });
    }
  });
});

describe('visitor chat: ownership', () => {
  it("answers 404 to another visitor's reads and writes, and stores nothing", async () => {
    const a = await primed();
    const b = await primed();
    const id = await conversationOf(a, 'Nur für mich und den Support.');

    const read = await readMessages(b, id);
    expect(read.status).toBe(404);
    expect(await read.json()).toEqual({ message: 'Diese Unterhaltung gibt es nicht.' });
    expect((await sendMessage(b, id, { text: 'Eingeschleust', tempId: tempId() })).status).toBe(404);
    expect(await messageCount(id)).toBe(1);
    expect(((await (await ownConversations(b)).json()) as { conversations: unknown[] }).conversations).toEqual([]);

    // A logged-in customer is not the anonymous owner either.
    const { visitor: customer } = await loggedIn();
    expect((await readMessages(customer, id)).status).toBe(404);
    // Unknown and malformed ids look the same as foreign ones.
    expect((await readMessages(a, crypto.randomUUID())).status).toBe(404);
    expect((await readMessages(a, 'nicht-da')).status).toBe(404);
    expect((await sendMessage(a, "1' OR '1'='1", { text: 'x' })).status).toBe(404);
  });

  it('keeps a customer conversation with the account: another browser of the account reads it, a stranger does not', async () => {
    const { visitor, account } = await loggedIn();
    const id = await conversationOf(visitor, 'Frage zu meiner Rechnung');

    const otherBrowser = await primed();
    expect((await post(otherBrowser, login, '/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
    expect((await readMessages(otherBrowser, id)).status).toBe(200);

    // After logout the same browser is an anonymous visitor again: the account's conversation stays closed to it.
    expect((await post(visitor, logout, '/api/auth/logout')).status).toBeLessThan(300);
    expect((await readMessages(visitor, id)).status).toBe(404);
  });

  it('joins the anonymous conversation to the account on login', async () => {
    const { account } = await loggedIn();
    // In this browser the customer starts chatting before logging in.
    const visitor = await primed();
    const id = await conversationOf(visitor, 'Ich bin noch nicht angemeldet.');
    expect((await post(visitor, login, '/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
    expect((await readMessages(visitor, id)).status).toBe(200);
    expect((await sendMessage(visitor, id, { text: 'Jetzt angemeldet.', tempId: tempId() })).status).toBe(201);

    const db = await getDb();
    const { rows } = await db.query<{ user_id: string | null; visitor_id: string | null }>('SELECT user_id, visitor_id FROM chat_conversations WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ user_id: expect.any(String), visitor_id: null });
    const otherAccountBrowser = await primed();
    expect((await post(otherAccountBrowser, login, '/api/auth/login', { email: account.email, password: account.password })).status).toBe(200);
    expect((await readMessages(otherAccountBrowser, id)).status).toBe(200);

    // GDPR Art. 20: the account's export holds the conversation with its messages.
    const exported = (await (await otherAccountBrowser.call(accountExport, '/api/account/export')).json()) as {
      chatConversations: { id: string; messages: { author: string; text: string }[] }[];
    };
    expect(exported.chatConversations).toEqual([
      expect.objectContaining({ id, messages: [expect.objectContaining({ author: 'visitor', text: 'Ich bin noch nicht angemeldet.' }), expect.objectContaining({ text: 'Jetzt angemeldet.' })] }),
    ]);

    // Erasing the account erases its conversations and their messages (privacy policy: kept until the account is deleted).
    await db.query('DELETE FROM users WHERE id = $1', [rows[0]!.user_id]);
    expect((await readMessages(visitor, id)).status).toBe(404);
    expect((await db.query('SELECT 1 FROM chat_conversations WHERE id = $1', [id])).rows).toHaveLength(0);
    expect((await db.query('SELECT 1 FROM chat_messages WHERE conversation_id = $1', [id])).rows).toHaveLength(0);
  });
});

describe('visitor chat: deduplication by tempId', () => {
  it('answers a repeated tempId with the stored message instead of a duplicate', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor);
    const body = { text: 'Bitte nur einmal speichern', tempId: tempId() };
    const first = await sendMessage(visitor, id, body);
    expect(first.status).toBe(201);
    const again = await sendMessage(visitor, id, body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    expect(await messageCount(id)).toBe(2);
  });

  it('stores one message for concurrent sends with the same tempId', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor);
    const body = { text: 'Doppelklick', tempId: tempId() };
    const responses = await Promise.all(Array.from({ length: 5 }, () => sendMessage(visitor, id, body)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as { message: Message }).message.id)));
    expect(ids.size).toBe(1);
    expect(await messageCount(id)).toBe(2);
  });

  it('starts one conversation for repeated and concurrent starts with the same tempId', async () => {
    const visitor = await primed();
    const body = { text: 'Hallo?', tempId: tempId() };
    const responses = await Promise.all(Array.from({ length: 3 }, () => startChat(visitor, body)));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const again = await startChat(visitor, body);
    expect(again.status).toBe(200);
    const listed = (await (await ownConversations(visitor)).json()) as { conversations: { id: string }[] };
    expect(listed.conversations).toHaveLength(1);
    expect(await messageCount(listed.conversations[0]!.id)).toBe(1);
  });

  it('does not treat the same tempId in another conversation as a duplicate', async () => {
    const visitor = await primed();
    const shared = tempId();
    const a = await conversationOf(visitor);
    const b = await conversationOf(visitor);
    expect((await sendMessage(visitor, a, { text: 'A', tempId: shared })).status).toBe(201);
    expect((await sendMessage(visitor, b, { text: 'B', tempId: shared })).status).toBe(201);
  });
});

describe('visitor chat: bad input, limits and request security', () => {
  it('refuses empty and too long texts and odd tempIds with German messages, and accepts exactly 2000 characters', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor);
    const cases: [unknown, Record<string, string>][] = [
      [{ text: '   \n  ', tempId: tempId() }, { text: 'Bitte geben Sie eine Nachricht ein.' }],
      [{ tempId: tempId() }, { text: 'Bitte geben Sie eine Nachricht ein.' }],
      [{ text: 'ä'.repeat(2001), tempId: tempId() }, { text: 'Bitte höchstens 2.000 Zeichen eingeben.' }],
      [{ text: 'Hallo', tempId: '<script>' }, { tempId: 'Ungültige vorläufige Nachrichtenkennung.' }],
      [{ text: 42 }, { text: 'Bitte geben Sie eine Nachricht ein.' }],
    ];
    for (const [body, errors] of cases) {
      const response = await sendMessage(visitor, id, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'Bitte überprüfen Sie Ihre Eingaben.', errors });
    }
    const start = await startChat(visitor, { text: '', tempId: tempId() });
    expect(start.status).toBe(400);
    expect(await messageCount(id)).toBe(1);

    const longest = `  ${'ß'.repeat(2000)}  `;
    const accepted = await sendMessage(visitor, id, { text: longest, tempId: tempId() });
    expect(accepted.status).toBe(201);
    expect(((await accepted.json()) as { message: Message }).message.text).toBe('ß'.repeat(2000));
  });

  it('limits messages per visitor with 429 and Retry-After', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor);
    // The start counted as the first of 20 messages a minute.
    for (let i = 2; i <= 20; i += 1) {
      expect((await sendMessage(visitor, id, { text: `Nachricht ${i}`, tempId: tempId() })).status).toBe(201);
    }
    const limited = await sendMessage(visitor, id, { text: 'Eine zu viel', tempId: tempId() });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { message: string }).message).toMatch(/^Zu viele Anfragen\. Bitte versuchen Sie es in \d+ Sekunden? erneut\.$/);
    expect(await messageCount(id)).toBe(20);
    // Another visitor is not affected.
    expect((await conversationOf(await primed())).length).toBeGreaterThan(0);
  });

  it('refuses posts without CSRF token or from another site with 403', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor);
    const noToken = await visitor.call((await import('../../../netlify/functions/chat-messages.mts')).default, `/api/chat/conversations/${id}/messages`, {
      method: 'POST',
      json: { text: 'Ohne Token', tempId: tempId() },
      params: { id },
      csrf: false,
    });
    expect(noToken.status).toBe(403);
    const crossSite = await visitor.call((await import('../../../netlify/functions/chat-conversations.mts')).default, '/api/chat/conversations', {
      method: 'POST',
      json: { text: 'Von fremder Seite', tempId: tempId() },
      headers: { origin: 'https://boese.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(await messageCount(id)).toBe(1);
    expect(((await (await ownConversations(visitor)).json()) as { conversations: unknown[] }).conversations).toHaveLength(1);
  });
});
