import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../src/server/db/index.ts';
import { primed } from '../auth/helpers.ts';
import { agentList, agentMessages, conversationOf, loggedInAgent, readMessages, sendMessage, tempId, type AgentPage, type Message } from './helpers.ts';

/**
 * Message ids cross a power of ten here (…998, 999, 1000, 1001 …): the `after` cursor and the
 * dashboard's last message must follow the numbers, not their text ("1000" < "999").
 */
async function nextIdsCrossAPowerOfTen(): Promise<void> {
  const db = await getDb();
  const { rows } = await db.query<{ max: string }>('SELECT coalesce(max(id), 0)::text AS max FROM chat_messages');
  const power = 10 ** String(Number(rows[0]!.max) + 3).length;
  await db.query("SELECT setval(pg_get_serial_sequence('chat_messages', 'id'), $1)", [power - 3]);
}

// Opening the file's database (migrations) is slow on a busy machine: a hook, not the test, waits for it.
beforeAll(async () => {
  await getDb();
});

describe('message order across digit counts', () => {
  it('polls and lists messages by their numeric id', async () => {
    const visitor = await primed();
    const { visitor: agent } = await loggedInAgent();
    await nextIdsCrossAPowerOfTen();
    const id = await conversationOf(visitor, 'Nachricht 0');
    for (let n = 1; n <= 5; n += 1) expect((await sendMessage(visitor, id, { text: `Nachricht ${n}`, tempId: tempId() })).status).toBe(201);

    const all = ((await (await readMessages(visitor, id)).json()) as { messages: Message[] }).messages;
    expect(all.map((m) => m.text)).toEqual(['Nachricht 0', 'Nachricht 1', 'Nachricht 2', 'Nachricht 3', 'Nachricht 4', 'Nachricht 5']);
    const ids = all.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    // From a cursor before the power of ten, the poll brings exactly the later messages, in order.
    const later = ((await (await readMessages(visitor, id, `?after=${ids[1]}`)).json()) as { messages: Message[] }).messages;
    expect(later.map((m) => m.text)).toEqual(['Nachricht 2', 'Nachricht 3', 'Nachricht 4', 'Nachricht 5']);
    const agentView = ((await (await agentMessages(agent, id, `?after=${ids[2]}`)).json()) as { messages: Message[] }).messages;
    expect(agentView.map((m) => m.text)).toEqual(['Nachricht 3', 'Nachricht 4', 'Nachricht 5']);

    const page = (await (await agentList(agent)).json()) as AgentPage;
    expect(page.conversations.find((c) => c.id === id)?.lastMessage?.text).toBe('Nachricht 5');
  });
});
