// Before anything that reads the environment: the mails go to a server that never answers.
import '../mail/silent-smtp.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import chatConversationEmail from '../../../netlify/functions/chat-conversation-email.mts';
import { getDb } from '../../../src/server/db/index.ts';
import { primed } from '../auth/helpers.ts';
import { agentReply, conversationOf, loggedInAgent, tempId } from './helpers.ts';

// Opening the file's database (migrations) is slow on a busy machine: a hook, not the test, waits for it.
beforeAll(async () => {
  await getDb();
});

/**
 * Issue 23: the agent's reply is answered without waiting for the mail server; the mail to the
 * visitor's address waits in the outbox until the delivery that runs after the answer (Netlify's
 * waitUntil) gets through.
 */
describe('an agent reply and its mail', () => {
  it('is answered with 201 while the mail is still queued and its delivery under way', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor);
    const email = `antwort-nach-der-antwort.${Date.now()}@example.test`;
    const address = await visitor.call(chatConversationEmail, `/api/chat/conversations/${id}/email`, { method: 'PUT', json: { email }, params: { id } });
    expect(address.status).toBe(200);

    const { visitor: agent } = await loggedInAgent();
    expect((await agentReply(agent, id, { text: 'Wir melden uns per E-Mail.', tempId: tempId() })).status).toBe(201);
    const { rows } = await (await getDb()).query<{ sent: boolean; last_error: string | null }>(
      'SELECT sent_at IS NOT NULL AS sent, last_error FROM mail_outbox WHERE recipient = $1 ORDER BY id',
      [email],
    );
    expect(rows).toEqual([{ sent: false, last_error: null }]);
  });
});
