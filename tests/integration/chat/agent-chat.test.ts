import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../src/server/db/index.ts';
import { loggedIn, primed } from '../auth/helpers.ts';
import type { Visitor } from '../http/visitor.ts';
import {
  agentChange,
  agentList,
  agentMessages,
  agentRead,
  agentReply,
  conversationOf,
  loggedInAgent,
  readMessages,
  sendMessage,
  tempId,
  type AgentConversation,
  type AgentPage,
  type Message,
} from './helpers.ts';

let agent: Visitor;
let agentId: string;

beforeAll(async () => {
  ({ visitor: agent, userId: agentId } = await loggedInAgent());
});

async function page(query = ''): Promise<AgentPage> {
  const response = await agentList(agent, query);
  expect(response.status).toBe(200);
  return (await response.json()) as AgentPage;
}

/** The conversation as the dashboard lists it (searched over all pages). */
async function listed(id: string): Promise<AgentConversation | undefined> {
  const first = await page();
  for (let p = 1; p <= first.totalPages; p += 1) {
    const found = (await page(`?page=${p}`)).conversations.find((c) => c.id === id);
    if (found) return found;
  }
  return undefined;
}

describe('agent endpoints: access', () => {
  it('answers 401 without a session and 403 to customers, on every agent endpoint', async () => {
    const id = await conversationOf(await primed());
    const { visitor: customer } = await loggedIn();
    const anonymous = await primed();
    for (const [who, status, message] of [
      [anonymous, 401, 'Nicht angemeldet.'],
      [customer, 403, 'Dieser Bereich ist nur für Support-Mitarbeiter zugänglich.'],
    ] as const) {
      const answers = [
        await agentList(who),
        await agentRead(who, id),
        await agentMessages(who, id),
        await agentReply(who, id, { text: 'Ich bin kein Agent', tempId: tempId() }),
        await agentChange(who, id, { status: 'closed' }),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(status);
        expect(await answer.json()).toEqual({ message });
      }
    }
    const { rows } = await (await getDb()).query<{ status: string; n: number }>(
      "SELECT c.status, (SELECT count(*)::int FROM chat_messages m WHERE m.conversation_id = c.id AND m.author = 'agent') AS n FROM chat_conversations c WHERE c.id = $1",
      [id],
    );
    expect(rows[0]).toEqual({ status: 'open', n: 0 });
  });

  it('refuses agent posts without CSRF token', async () => {
    const id = await conversationOf(await primed());
    const { default: read } = await import('../../../netlify/functions/agent-conversation-read.mts');
    const response = await agent.call(read, `/api/agent/conversations/${id}/read`, { method: 'POST', params: { id }, csrf: false });
    expect(response.status).toBe(403);
  });
});

describe('agent endpoints: unread counts, replies, status', () => {
  it('counts visitor messages as unread until an agent opens the conversation', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor, 'Erste Frage');
    await sendMessage(visitor, id, { text: 'Zweite Frage', tempId: tempId() });
    const repeated = { text: 'Dritte Frage', tempId: tempId() };
    await sendMessage(visitor, id, repeated);
    await sendMessage(visitor, id, repeated);

    const before = await page();
    const conversation = await listed(id);
    expect(conversation).toMatchObject({ id, status: 'open', unreadCount: 3, assignedAgentId: null });
    expect(conversation!.lastMessage).toMatchObject({ author: 'visitor', text: 'Dritte Frage' });
    expect(before.totalUnread).toBeGreaterThanOrEqual(3);

    // Reading the messages alone does not mark them read; opening (POST …/read) does.
    const messages = (await (await agentMessages(agent, id)).json()) as { messages: Message[] };
    expect(messages.messages.map((m) => m.text)).toEqual(['Erste Frage', 'Zweite Frage', 'Dritte Frage']);
    expect((await listed(id))!.unreadCount).toBe(3);

    const read = await agentRead(agent, id);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { conversation: AgentConversation }).conversation.unreadCount).toBe(0);
    expect((await listed(id))!.unreadCount).toBe(0);
    expect((await page()).totalUnread).toBe(before.totalUnread - 3);

    await sendMessage(visitor, id, { text: 'Noch etwas', tempId: tempId() });
    expect((await listed(id))!.unreadCount).toBe(1);
    expect((await agentRead(agent, crypto.randomUUID())).status).toBe(404);
  });

  it("delivers the agent's reply to the visitor after the cursor, assigns the agent, and dedups by tempId", async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor, 'Ist jemand da?');
    const seen = (await (await readMessages(visitor, id)).json()) as { messages: Message[] };
    const cursor = seen.messages.at(-1)!.id;

    const body = { text: 'Ja, <b>gern</b> – wie kann ich helfen?', tempId: tempId() };
    const reply = await agentReply(agent, id, body);
    expect(reply.status).toBe(201);
    const { message } = (await reply.json()) as { message: Message };
    expect(message).toMatchObject({ author: 'agent', text: body.text, tempId: body.tempId, conversationId: id });
    const again = await agentReply(agent, id, body);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { message: Message }).message.id).toBe(message.id);

    const newer = (await (await readMessages(visitor, id, `?after=${cursor}`)).json()) as { messages: Message[] };
    expect(newer.messages).toEqual([message]);

    const conversation = await listed(id);
    expect(conversation).toMatchObject({ assignedAgentId: agentId, unreadCount: 1, lastMessage: message });

    // A visitor cannot reuse the agent's tempId to get the agent's message back as their own.
    const stolen = await sendMessage(visitor, id, { text: 'Meins?', tempId: body.tempId });
    expect(stolen.status).toBe(409);
    expect((await agentReply(agent, crypto.randomUUID(), { text: 'Hallo', tempId: tempId() })).status).toBe(404);
  });

  it('closes, reopens, assigns and unassigns; a visitor message reopens a closed conversation', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor, 'Bitte kündigen Sie meinen Vertrag.');
    const { userId: colleague } = await loggedInAgent();
    const { account } = await loggedIn();
    const { rows } = await (await getDb()).query<{ id: string }>('SELECT id FROM users WHERE email = $1', [account.email]);
    const customerId = rows[0]!.id;

    const change = async (body: unknown) => {
      const response = await agentChange(agent, id, body);
      return { status: response.status, body: (await response.json()) as { conversation?: AgentConversation; message?: string; errors?: Record<string, string> } };
    };

    expect((await change({ status: 'closed' })).body.conversation).toMatchObject({ status: 'closed', assignedAgentId: null });
    expect(((await (await readMessages(visitor, id)).json()) as { status: string }).status).toBe('closed');
    expect((await change({ assignedAgentId: colleague })).body.conversation).toMatchObject({ status: 'closed', assignedAgentId: colleague });
    expect((await change({ status: 'open', assignedAgentId: null })).body.conversation).toMatchObject({ status: 'open', assignedAgentId: null });

    await change({ status: 'closed' });
    expect((await sendMessage(visitor, id, { text: 'Noch eine Frage', tempId: tempId() })).status).toBe(201);
    expect((await listed(id))!.status).toBe('open');

    expect(await change({ assignedAgentId: customerId })).toEqual({
      status: 400,
      body: { message: 'Diesen Support-Mitarbeiter gibt es nicht.', errors: { assignedAgentId: 'Diesen Support-Mitarbeiter gibt es nicht.' } },
    });
    expect(await change({ assignedAgentId: 'kein-uuid' })).toMatchObject({ status: 400, body: { errors: { assignedAgentId: 'Diesen Support-Mitarbeiter gibt es nicht.' } } });
    expect(await change({ status: 'archived' })).toMatchObject({ status: 400, body: { errors: { status: 'Der Status muss „offen“ oder „geschlossen“ sein.' } } });
    expect(await change({})).toMatchObject({ status: 400, body: { errors: { '': 'Bitte geben Sie Status oder Zuständigkeit an.' } } });
    expect((await agentChange(agent, crypto.randomUUID(), { status: 'closed' })).status).toBe(404);
  });
});

describe('agent endpoints: pagination', () => {
  it('lists newest activity first, 20 a page, with totals; pages beyond are empty, bad pages 400', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 21; i += 1) ids.push(await conversationOf(await primed(), `Unterhaltung ${i}`));
    const { rows } = await (await getDb()).query<{ n: number }>('SELECT count(*)::int AS n FROM chat_conversations');
    const total = rows[0]!.n;
    const totalPages = Math.ceil(total / 20);

    const first = await page();
    expect(first).toMatchObject({ currentPage: 1, totalPages, totalConversations: total });
    expect(first.conversations).toHaveLength(20);
    expect(first.conversations.map((c) => c.id)).toEqual(ids.slice(1).reverse());
    expect(await page('?page=1')).toEqual(first);
    const times = first.conversations.map((c) => Date.parse(c.lastActivityAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const second = await page('?page=2');
    expect(second.currentPage).toBe(2);
    expect(second.conversations[0]!.id).toBe(ids[0]);

    // Activity moves a conversation to the top.
    const oldestVisitorReply = await agentReply(agent, ids[0]!, { text: 'Antwort', tempId: tempId() });
    expect(oldestVisitorReply.status).toBe(201);
    expect((await page()).conversations[0]!.id).toBe(ids[0]);

    for (const beyond of [totalPages + 1, 99_999, '123456789012345678901234567890']) {
      const empty = await page(`?page=${beyond}`);
      expect(empty).toMatchObject({ conversations: [], totalPages, totalConversations: total });
    }
    for (const bad of ['0', '-1', '1.5', 'abc', '', '1e2', '00']) {
      const response = await agentList(agent, `?page=${encodeURIComponent(bad)}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: 'Die Seitenzahl muss eine ganze Zahl ab 1 sein.',
        errors: { page: 'Die Seitenzahl muss eine ganze Zahl ab 1 sein.' },
      });
    }
  });
});
