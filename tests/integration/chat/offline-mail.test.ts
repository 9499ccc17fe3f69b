import { beforeAll, describe, expect, it } from 'vitest';
import accountExport from '../../../netlify/functions/account-export.mts';
import chatConversationEmail from '../../../netlify/functions/chat-conversation-email.mts';
import { registerUser } from '../../../src/server/auth/accounts.ts';
import { agentsAvailable, recordAgentPresence } from '../../../src/server/chat/presence.ts';
import { getDb, type Queryable } from '../../../src/server/db/index.ts';
import { loggedIn, newAccount, primed } from '../auth/helpers.ts';
import type { Visitor } from '../http/visitor.ts';
import { agentList, agentMessages, agentReply, conversationOf, loggedInAgent, ownConversations, readMessages, tempId, type AgentConversation } from './helpers.ts';

const setEmail = (visitor: Visitor, id: string, body: unknown) =>
  visitor.call(chatConversationEmail, `/api/chat/conversations/${id}/email`, { method: 'PUT', json: body, params: { id } });

const uniqueEmail = () => `chat.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`;

/**
 * Presence is global to the database, which other test files share: each presence test looks at
 * its own moment far in the future, where only the agent it records there can be active.
 */
let futureYears = 50;
const farFuture = () => new Date(Date.UTC(2000 + (futureYears += 1) + Math.floor(Math.random() * 1000), 0, 1));

async function newAgentId(): Promise<string> {
  return registerUser(await getDb(), newAccount(), 'agent');
}

async function mailsTo(email: string) {
  const { rows } = await (await getDb()).query<{ subject: string; text_body: string; html_body: string | null }>(
    'SELECT subject, text_body, html_body FROM mail_outbox WHERE recipient = $1 ORDER BY id',
    [email],
  );
  return rows;
}

// Opening the file's database (migrations) is slow on a busy machine: a hook, not the first test, waits for it.
beforeAll(async () => {
  await getDb();
});

describe('chat offline path: agent presence', () => {
  it('counts an agent active 4 minutes ago as available and one active 6 minutes ago as not', async () => {
    const db = await getDb();
    const now = farFuture();
    expect(await agentsAvailable(db, now)).toBe(false);

    await recordAgentPresence(db, await newAgentId(), new Date(now.getTime() - 6 * 60_000));
    expect(await agentsAvailable(db, now)).toBe(false);

    await recordAgentPresence(db, await newAgentId(), new Date(now.getTime() - 4 * 60_000));
    expect(await agentsAvailable(db, now)).toBe(true);
    // The same agent a minute later: the 5-minute window has passed.
    expect(await agentsAvailable(db, new Date(now.getTime() + 60_000 + 1))).toBe(false);
  });

  it('one process writes an agent’s presence at most once per 30 seconds', async () => {
    const db = await getDb();
    const statements: string[] = [];
    const counted: Queryable = {
      query: (sql, params) => {
        statements.push(sql);
        return db.query(sql, params);
      },
    };
    const agentId = await newAgentId();
    const at = farFuture();
    await recordAgentPresence(counted, agentId, at);
    await recordAgentPresence(counted, agentId, new Date(at.getTime() + 29_999));
    expect(statements).toHaveLength(1);
    await recordAgentPresence(counted, agentId, new Date(at.getTime() + 30_000));
    expect(statements).toHaveLength(2);
    expect(await agentsAvailable(db, new Date(at.getTime() + 30_000 + 4 * 60_000))).toBe(true);
  });

  it('an agent call records presence; the visitor answers carry agentsAvailable', async () => {
    const { visitor: agent, userId } = await loggedInAgent();
    expect((await agentList(agent)).status).toBe(200);
    const { rows } = await (await getDb()).query<{ last_active_at: Date }>('SELECT last_active_at FROM chat_agent_presence WHERE agent_id = $1', [userId]);
    expect(Math.abs(new Date(rows[0]!.last_active_at).getTime() - Date.now())).toBeLessThan(60_000);

    const visitor = await primed();
    const id = await conversationOf(visitor);
    // The agent above was active just now, so both answers say someone is there.
    expect(await (await ownConversations(visitor)).json()).toMatchObject({ agentsAvailable: true });
    expect(await (await readMessages(visitor, id)).json()).toMatchObject({ agentsAvailable: true });
  });

  it('a customer is no agent: their calls record no presence', async () => {
    const { visitor } = await loggedIn();
    expect((await agentList(visitor)).status).toBe(403);
    const { rows } = await (await getDb()).query<{ n: number }>(
      "SELECT count(*)::int AS n FROM chat_agent_presence p JOIN users u ON u.id = p.agent_id WHERE u.user_type <> 'agent'",
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('chat offline path: the visitor leaves an e-mail address', () => {
  it('stores the address for the own conversation, lists it and shows it to agents', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor);
    const email = uniqueEmail();
    const response = await setEmail(visitor, id, { email: `  ${email} ` });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ conversation: { id, visitorEmail: email } });
    const listed = (await (await ownConversations(visitor)).json()) as { conversations: { id: string; visitorEmail: string | null }[] };
    expect(listed.conversations).toEqual([expect.objectContaining({ id, visitorEmail: email })]);

    const { visitor: agent } = await loggedInAgent();
    const read = (await (await agentMessages(agent, id)).json()) as { conversation: AgentConversation & { visitorEmail: string | null } };
    expect(read.conversation.visitorEmail).toBe(email);
  });

  it("answers 404 for someone else's conversation and leaves it unchanged", async () => {
    const owner = await primed();
    const id = await conversationOf(owner);
    const stranger = await primed();
    const response = await setEmail(stranger, id, { email: uniqueEmail() });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Diese Unterhaltung gibt es nicht.' });
    const { rows } = await (await getDb()).query<{ visitor_email: string | null }>('SELECT visitor_email FROM chat_conversations WHERE id = $1', [id]);
    expect(rows[0]!.visitor_email).toBeNull();
    expect((await setEmail(stranger, 'keine-uuid', { email: uniqueEmail() })).status).toBe(404);
  });

  it('refuses an invalid or missing address with a German message', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor);
    const invalid = await setEmail(visitor, id, { email: 'keine-adresse' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ errors: { email: 'Ungültige E-Mail-Adresse' } });
    const missing = await setEmail(visitor, id, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ errors: { email: 'E-Mail ist erforderlich' } });
  });

  it("a customer's address is in their data export and is erased with the account", async () => {
    const { visitor, account } = await loggedIn();
    const id = await conversationOf(visitor);
    const email = uniqueEmail();
    expect((await setEmail(visitor, id, { email })).status).toBe(200);
    const exported = (await (await visitor.call(accountExport, '/api/account/export')).json()) as { chatConversations: { id: string; replyEmail: string | null }[] };
    expect(exported.chatConversations).toEqual([expect.objectContaining({ id, replyEmail: email })]);

    const db = await getDb();
    await db.query('DELETE FROM users WHERE email = $1', [account.email]);
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM chat_conversations WHERE visitor_email = $1', [email]);
    expect(rows[0]!.n).toBe(0);
  });

  it('needs the CSRF token', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor);
    const response = await visitor.call(chatConversationEmail, `/api/chat/conversations/${id}/email`, {
      method: 'PUT',
      json: { email: uniqueEmail() },
      params: { id },
      csrf: false,
    });
    expect(response.status).toBe(403);
  });
});

describe('chat offline path: agent replies go out by e-mail', () => {
  it('queues exactly one mail per reply to a conversation with an address, the reply escaped in HTML', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor, 'Meine Frage zum Hosting');
    const email = uniqueEmail();
    expect((await setEmail(visitor, id, { email })).status).toBe(200);

    const { visitor: agent } = await loggedInAgent();
    const reply = 'Gern! <b>Hosting</b> & "Domains" – siehe <script>alert(1)</script>';
    const first = tempId();
    expect((await agentReply(agent, id, { text: reply, tempId: first })).status).toBe(201);
    // A retried send of the same reply is no new reply and no second mail.
    expect((await agentReply(agent, id, { text: reply, tempId: first })).status).toBe(200);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toMatch(/^Antwort auf Ihre Chat-Anfrage/);
    expect(mail.text_body).toContain(reply);
    expect(mail.text_body).toContain('http://127.0.0.1:4321/chat');
    // Nothing of the conversation but this reply.
    expect(mail.text_body).not.toContain('Meine Frage zum Hosting');
    expect(mail.html_body).toContain('Gern! &lt;b&gt;Hosting&lt;/b&gt; &amp; &quot;Domains&quot; – siehe &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html_body).not.toContain('<script>');
    expect(mail.html_body).toContain('<a href="http://127.0.0.1:4321/chat">');

    expect((await agentReply(agent, id, { text: 'Noch eine Ergänzung.', tempId: tempId() })).status).toBe(201);
    expect((await mailsTo(email)).map((m) => m.text_body.includes('Noch eine Ergänzung.'))).toEqual([false, true]);
  });

  it('mails nothing for a conversation without an address', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor);
    const { visitor: agent } = await loggedInAgent();
    const before = await (await getDb()).query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox WHERE text_body LIKE $1', ['%Nur im Chat%']);
    expect((await agentReply(agent, id, { text: 'Nur im Chat beantwortet.', tempId: tempId() })).status).toBe(201);
    const after = await (await getDb()).query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox WHERE text_body LIKE $1', ['%Nur im Chat%']);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});
