import { beforeAll, describe, expect, it } from 'vitest';
import confirmationLink from '../../../netlify/functions/account-confirmation-link.mts';
import forgot from '../../../netlify/functions/auth-forgot-password.mts';
import register from '../../../netlify/functions/auth-register.mts';
import chatConversationEmail from '../../../netlify/functions/chat-conversation-email.mts';
import cancellation from '../../../netlify/functions/forms-cancellation.mts';
import health from '../../../netlify/functions/health.mts';
import orders from '../../../netlify/functions/orders.mts';
import { getDb } from '../../../src/server/db/index.ts';
import { env } from '../../../src/server/env.ts';
import { lastMailTo, loggedIn, newAccount, post, primed } from '../auth/helpers.ts';
import { consumerOrderOfOneApp } from '../orders/proof-of-work.ts';
import { agentReply, conversationOf, loggedInAgent, tempId } from '../chat/helpers.ts';
import { cancellationFields, declarationVisitor, mailsContaining, marker } from '../forms/helpers.ts';
import { Visitor } from './visitor.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

/**
 * Item 6 of issue 21: every link a mail carries names the configured site origin. Netlify and
 * the local server build the request's URL from the Host header, which the sender chooses; a
 * reset link built from it would carry the token to the sender's server.
 */
const FORGED = 'http://evil.example';

const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`;

function expectOnlySiteLinks(text: string | undefined, path: string): void {
  expect(text).toBeDefined();
  expect(text).not.toContain('evil.example');
  expect(text).toContain(`${env().siteOrigin}${path}`);
}

beforeAll(async () => {
  await getDb();
});

describe('links in mails under a forged Host header', () => {
  it('the password reset link', async () => {
    const { account } = await loggedIn();
    const visitor = await primed();
    visitor.origin = FORGED;
    expect((await post(visitor, forgot, '/api/auth/forgot-password', { email: account.email })).status).toBe(200);
    expectOnlySiteLinks((await lastMailTo(account.email))?.text_body, '/reset-password/');
  });

  it('the confirmation link of a registration and of a new request for one', async () => {
    const account = newAccount();
    const visitor = await primed();
    visitor.origin = FORGED;
    await post(visitor, register, '/api/auth/register', withProofOfWork(account));
    expectOnlySiteLinks((await lastMailTo(account.email))?.text_body, '/konto-bestaetigen/');

    const { visitor: customer, account: other } = await loggedIn();
    customer.origin = FORGED;
    expect((await post(customer, confirmationLink, '/api/account/confirmation-link')).status).toBe(200);
    expectOnlySiteLinks((await lastMailTo(other.email))?.text_body, '/konto-bestaetigen/');
  });

  it('the identity link of a cancellation', async () => {
    const contract = marker('Hosting');
    const { visitor, security } = await declarationVisitor();
    visitor.origin = FORGED;
    const response = await visitor.call(cancellation, '/api/forms/cancellation', {
      method: 'POST',
      json: { ...cancellationFields(contract, uniqueEmail('kuendigung')), ...security },
    });
    expect(response.status).toBe(201);
    const [receipt] = await mailsContaining(contract);
    expectOnlySiteLinks(receipt?.text_body, '/vertraege-kuendigen/bestaetigen/');
  });

  it('the link of a chat reply', async () => {
    const visitor = await primed();
    const id = await conversationOf(visitor);
    const email = uniqueEmail('chat');
    await visitor.call(chatConversationEmail, `/api/chat/conversations/${id}/email`, {
      method: 'PUT',
      json: { email },
      params: { id },
    });
    const { visitor: agent } = await loggedInAgent();
    agent.origin = FORGED;
    expect((await agentReply(agent, id, { text: 'Gern geschehen.', tempId: tempId() })).status).toBe(201);
    expectOnlySiteLinks((await lastMailTo(email))?.text_body, '/chat');
  });

  it('the links of an order confirmation', async () => {
    const visitor = new Visitor();
    await visitor.call(health, '/api/health');
    visitor.origin = FORGED;
    const email = uniqueEmail('bestellung');
    const response = await visitor.call(orders, '/api/orders', {
      method: 'POST',
      headers: { 'Idempotency-Key': `mail-links-${Date.now()}` },
      json: consumerOrderOfOneApp(email),
    });
    expect(response.status).toBe(201);
    expectOnlySiteLinks((await lastMailTo(email))?.text_body, '/agb');
  });
});
