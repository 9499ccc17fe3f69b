import accountConfirmationLink from '../../../netlify/functions/account-confirmation-link.mts';
import accountPassword from '../../../netlify/functions/account-password.mts';
import account from '../../../netlify/functions/account.mts';
import agentConversationMessages from '../../../netlify/functions/agent-conversation-messages.mts';
import agentConversationRead from '../../../netlify/functions/agent-conversation-read.mts';
import agentConversation from '../../../netlify/functions/agent-conversation.mts';
import agentInboxItem from '../../../netlify/functions/agent-inbox-item.mts';
import agentInvoicePayment from '../../../netlify/functions/agent-invoices-payment.mts';
import agentInvoiceReminder from '../../../netlify/functions/agent-invoices-reminder.mts';
import agentSepaExports from '../../../netlify/functions/agent-sepa-exports.mts';
import confirmEmail from '../../../netlify/functions/auth-confirm-email.mts';
import forgotPassword from '../../../netlify/functions/auth-forgot-password.mts';
import login from '../../../netlify/functions/auth-login.mts';
import logout from '../../../netlify/functions/auth-logout.mts';
import register from '../../../netlify/functions/auth-register.mts';
import resetPassword from '../../../netlify/functions/auth-reset-password.mts';
import chatConversationEmail from '../../../netlify/functions/chat-conversation-email.mts';
import chatConversations from '../../../netlify/functions/chat-conversations.mts';
import chatMessages from '../../../netlify/functions/chat-messages.mts';
import clickdummy from '../../../netlify/functions/clickdummy.mts';
import avRequest from '../../../netlify/functions/forms-av-request.mts';
import cancellationIdentity from '../../../netlify/functions/forms-cancellation-identity.mts';
import cancellation from '../../../netlify/functions/forms-cancellation.mts';
import demoRequest from '../../../netlify/functions/forms-demo-request.mts';
import orderInquiry from '../../../netlify/functions/forms-order-inquiry.mts';
import withdrawalIdentity from '../../../netlify/functions/forms-withdrawal-identity.mts';
import withdrawal from '../../../netlify/functions/forms-withdrawal.mts';
import inquiry from '../../../netlify/functions/inquiry.mts';
import orders from '../../../netlify/functions/orders.mts';
import captchaText from '../../../netlify/functions/security-captcha-text.mts';
import captchaValidate from '../../../netlify/functions/security-captcha-validate.mts';
import hashcashValidate from '../../../netlify/functions/security-hashcash-validate.mts';
import { getDb } from '../../../src/server/db/index.ts';
import type { FunctionContext } from '../../../src/server/http/endpoint.ts';
import { fixtureInvoice, fixtureOrder } from '../../support/invoice-fixture.ts';
import { seed } from '../agent/helpers.ts';
import { loggedIn, primed } from '../auth/helpers.ts';
import { agentList, conversationOf, loggedInAgent } from '../chat/helpers.ts';
import type { Visitor } from '../http/visitor.ts';

export type Handler = (request: Request, context: FunctionContext) => Promise<Response>;

/** Who may send the request and what it is sent to: enough to get past the checks before the body. */
export interface Prepared {
  visitor: Visitor;
  path: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}

export interface Target {
  label: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  handler: Handler;
  prepare: () => Promise<Prepared>;
  /** The handler reads no body at all (it only acts on cookies and the path). */
  bodyless?: boolean;
  /** The caller's own rate limit is smaller than the number of abuse cases: a new caller for each. */
  callerPerCase?: boolean;
  /** A smaller body limit than the default 64 KiB. */
  maxBodyBytes?: number;
  /** Also takes HTML form posts, answered as HTML pages (the declarations, decision 0033). */
  formPosts?: boolean;
}

const asVisitor = (path: string) => async (): Promise<Prepared> => ({ visitor: await primed(), path });
const asUser = (path: string) => async (): Promise<Prepared> => ({ visitor: (await loggedIn()).visitor, path });

async function ownConversation(suffix: string): Promise<Prepared> {
  const visitor = await primed();
  const id = await conversationOf(visitor);
  return { visitor, path: `/api/chat/conversations/${id}${suffix}`, params: { id } };
}

/**
 * A logged-in agent whose presence is already recorded (docs/decisions/0018), as with the
 * dashboard open: the abuse cases then compare stored rows without that first presence row.
 */
async function activeAgent(): Promise<Visitor> {
  const { visitor } = await loggedInAgent();
  const listed = await agentList(visitor);
  if (listed.status !== 200) throw new Error(`agent list failed: ${listed.status}`);
  return visitor;
}

async function agentOnConversation(suffix: string): Promise<Prepared> {
  const id = await conversationOf(await primed());
  return { visitor: await activeAgent(), path: `/api/agent/conversations/${id}${suffix}`, params: { id } };
}

async function agentOnInboxItem(): Promise<Prepared> {
  const id = String(await seed.contact('Missbrauchstest'));
  return { visitor: await activeAgent(), path: `/api/agent/inbox/contact/${id}`, params: { type: 'contact', id } };
}

/** An agent on an overdue invoice of its own order (payment and reminder act on it). */
async function agentOnInvoice(suffix: string): Promise<Prepared> {
  const db = await getDb();
  const invoice = await fixtureInvoice(db, await fixtureOrder(db), { issuedOn: '2026-01-05', dueOn: '2026-01-15' });
  return { visitor: await activeAgent(), path: `/api/agent/invoices/${invoice.number}${suffix}`, params: { number: invoice.number } };
}

/** Every state-changing method of every function in netlify/functions. */
export const targets: Target[] = [
  { label: 'POST /api/account/confirmation-link', method: 'POST', handler: accountConfirmationLink, prepare: asUser('/api/account/confirmation-link'), bodyless: true },
  { label: 'POST /api/account/password', method: 'POST', handler: accountPassword, prepare: asUser('/api/account/password') },
  { label: 'PATCH /api/account', method: 'PATCH', handler: account, prepare: asUser('/api/account') },
  { label: 'DELETE /api/account', method: 'DELETE', handler: account, prepare: asUser('/api/account') },
  { label: 'POST /api/agent/conversations/:id/messages', method: 'POST', handler: agentConversationMessages, prepare: () => agentOnConversation('/messages') },
  { label: 'POST /api/agent/conversations/:id/read', method: 'POST', handler: agentConversationRead, prepare: () => agentOnConversation('/read'), bodyless: true },
  { label: 'PATCH /api/agent/conversations/:id', method: 'PATCH', handler: agentConversation, prepare: () => agentOnConversation('') },
  { label: 'PATCH /api/agent/inbox/:type/:id', method: 'PATCH', handler: agentInboxItem, prepare: agentOnInboxItem },
  { label: 'POST /api/agent/invoices/:number/payment', method: 'POST', handler: agentInvoicePayment, prepare: () => agentOnInvoice('/payment') },
  { label: 'POST /api/agent/invoices/:number/reminder', method: 'POST', handler: agentInvoiceReminder, prepare: () => agentOnInvoice('/reminder'), bodyless: true },
  { label: 'POST /api/agent/sepa-exports', method: 'POST', handler: agentSepaExports, prepare: async () => ({ visitor: await activeAgent(), path: '/api/agent/sepa-exports' }), bodyless: true },
  { label: 'POST /api/auth/confirm-email', method: 'POST', handler: confirmEmail, prepare: asVisitor('/api/auth/confirm-email') },
  { label: 'POST /api/auth/forgot-password', method: 'POST', handler: forgotPassword, prepare: asVisitor('/api/auth/forgot-password') },
  { label: 'POST /api/auth/login', method: 'POST', handler: login, prepare: asVisitor('/api/auth/login') },
  { label: 'POST /api/auth/logout', method: 'POST', handler: logout, prepare: asUser('/api/auth/logout'), bodyless: true },
  { label: 'POST /api/auth/register', method: 'POST', handler: register, prepare: asVisitor('/api/auth/register') },
  { label: 'POST /api/auth/reset-password', method: 'POST', handler: resetPassword, prepare: asVisitor('/api/auth/reset-password') },
  { label: 'POST /api/chat/conversations', method: 'POST', handler: chatConversations, prepare: asVisitor('/api/chat/conversations') },
  { label: 'PUT /api/chat/conversations/:id/email', method: 'PUT', handler: chatConversationEmail, prepare: () => ownConversation('/email'), callerPerCase: true },
  { label: 'POST /api/chat/conversations/:id/messages', method: 'POST', handler: chatMessages, prepare: () => ownConversation('/messages') },
  { label: 'POST /api/clickdummy', method: 'POST', handler: clickdummy, prepare: asVisitor('/api/clickdummy') },
  { label: 'POST /api/forms/av-request', method: 'POST', handler: avRequest, prepare: asVisitor('/api/forms/av-request') },
  { label: 'POST /api/forms/cancellation/identity', method: 'POST', handler: cancellationIdentity, prepare: asVisitor('/api/forms/cancellation/identity') },
  { label: 'POST /api/forms/cancellation', method: 'POST', handler: cancellation, prepare: asVisitor('/api/forms/cancellation'), formPosts: true },
  { label: 'POST /api/forms/cancellation (customer)', method: 'POST', handler: cancellation, prepare: asUser('/api/forms/cancellation'), formPosts: true },
  { label: 'POST /api/forms/demo-request', method: 'POST', handler: demoRequest, prepare: asVisitor('/api/forms/demo-request') },
  { label: 'POST /api/forms/order-inquiry', method: 'POST', handler: orderInquiry, prepare: asVisitor('/api/forms/order-inquiry') },
  { label: 'POST /api/forms/withdrawal/identity', method: 'POST', handler: withdrawalIdentity, prepare: asVisitor('/api/forms/withdrawal/identity') },
  { label: 'POST /api/forms/withdrawal', method: 'POST', handler: withdrawal, prepare: asVisitor('/api/forms/withdrawal'), formPosts: true },
  { label: 'POST /api/inquiry', method: 'POST', handler: inquiry, prepare: asVisitor('/api/inquiry') },
  {
    label: 'POST /api/orders',
    method: 'POST',
    handler: orders,
    prepare: async () => ({ visitor: await primed(), path: '/api/orders', headers: { 'idempotency-key': crypto.randomUUID() } }),
  },
  { label: 'POST /security/captcha/text', method: 'POST', handler: captchaText, prepare: asVisitor('/security/captcha/text') },
  { label: 'POST /security/captcha/validate', method: 'POST', handler: captchaValidate, prepare: asVisitor('/security/captcha/validate'), maxBodyBytes: 1024 },
  { label: 'POST /security/hashcash/validate', method: 'POST', handler: hashcashValidate, prepare: asVisitor('/security/hashcash/validate') },
];

/** The files of netlify/functions whose handlers change state, for the completeness check. */
export const coveredFunctionFiles = [
  'account-confirmation-link', 'account-password', 'account', 'agent-conversation-messages', 'agent-conversation-read', 'agent-conversation', 'agent-inbox-item',
  'agent-invoices-payment', 'agent-invoices-reminder', 'agent-sepa-exports',
  'auth-confirm-email', 'auth-forgot-password', 'auth-login', 'auth-logout', 'auth-register', 'auth-reset-password', 'chat-conversation-email', 'chat-conversations',
  'chat-messages', 'clickdummy', 'forms-av-request', 'forms-cancellation-identity', 'forms-cancellation',
  'forms-demo-request', 'forms-order-inquiry', 'forms-withdrawal-identity', 'forms-withdrawal', 'inquiry', 'orders', 'security-captcha-text', 'security-captcha-validate',
  'security-hashcash-validate',
];

/** Sends a raw request as the prepared caller. */
export function send(target: Target, prepared: Prepared, body: BodyInit | null, headers: Record<string, string>): Promise<Response> {
  return prepared.visitor.call(target.handler, prepared.path, {
    method: target.method,
    params: prepared.params,
    headers: { ...prepared.headers, ...headers },
    body,
    // A streamed body (ReadableStream) needs half duplex in undici.
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit & { params?: Record<string, string> });
}
