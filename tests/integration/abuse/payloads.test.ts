import { beforeAll, describe, expect, it } from 'vitest';
import account from '../../../netlify/functions/account.mts';
import agentConversationMessages from '../../../netlify/functions/agent-conversation-messages.mts';
import register from '../../../netlify/functions/auth-register.mts';
import chatConversations from '../../../netlify/functions/chat-conversations.mts';
import chatMessages from '../../../netlify/functions/chat-messages.mts';
import clickdummy from '../../../netlify/functions/clickdummy.mts';
import avRequest from '../../../netlify/functions/forms-av-request.mts';
import cancellation from '../../../netlify/functions/forms-cancellation.mts';
import demoRequest from '../../../netlify/functions/forms-demo-request.mts';
import orderInquiry from '../../../netlify/functions/forms-order-inquiry.mts';
import withdrawal from '../../../netlify/functions/forms-withdrawal.mts';
import inquiry from '../../../netlify/functions/inquiry.mts';
import orders from '../../../netlify/functions/orders.mts';
import { agb } from '../../../src/data/agb.ts';
import { DEFAULT_CONFIGURATOR_STATE } from '../../../src/lib/schemas/configurator.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { loggedIn, newAccount, primed } from '../auth/helpers.ts';
import { conversationOf, loggedInAgent, tempId } from '../chat/helpers.ts';
import { preparedVisitor } from '../forms/helpers.ts';
import type { Visitor } from '../http/visitor.ts';
import type { Handler } from './endpoints.ts';
import { solvedTasks } from '../orders/proof-of-work.ts';

/**
 * SQL and HTML in every text field (issue 12, docs/decisions/0021-robustness.md): a field either
 * refuses it (400) or the text is stored exactly as typed, as plain text, and the mails it
 * causes carry it as text only (no HTML part, or an escaped one). The database keeps its tables.
 */

const PAYLOADS = ["'; DROP TABLE users; --", '<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>'];
const EMAIL = 'absender@example.test';

interface Caller {
  visitor: Visitor;
  path: string;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  extra?: Record<string, unknown>;
}

interface PayloadCase {
  label: string;
  handler: Handler;
  method?: 'POST' | 'PATCH';
  caller: () => Promise<Caller>;
  /** The request with `text` in every free-text field. */
  body: (text: string) => Record<string, unknown>;
  /** 400 when a field's format refuses markup (postal code, customer number). */
  refused?: boolean;
}

const withSecurity = (path: string) => async (): Promise<Caller> => {
  const { visitor, security } = await preparedVisitor();
  return { visitor, path, extra: security };
};
const asVisitor = (path: string) => async (): Promise<Caller> => ({ visitor: await primed(), path });

const payloadCases: PayloadCase[] = [
  { label: 'contact inquiry', handler: inquiry, caller: withSecurity('/api/inquiry'), body: (t) => ({ name: t, email: EMAIL, subject: t, message: t }) },
  {
    label: 'configurator inquiry with a click dummy',
    handler: inquiry,
    caller: withSecurity('/api/inquiry'),
    body: (t) => ({
      name: t,
      email: EMAIL,
      message: t,
      configurator: DEFAULT_CONFIGURATOR_STATE,
      clickDummies: [{ id: crypto.randomUUID(), prompt: t, createdAt: new Date().toISOString(), name: t, email: EMAIL, trigger: 'save' }],
    }),
  },
  { label: 'click-dummy request', handler: clickdummy, caller: asVisitor('/api/clickdummy'), body: (t) => ({ name: t, email: EMAIL, message: t, trigger: 'create' }) },
  {
    label: 'order',
    handler: orders,
    caller: async () => ({ visitor: await primed(), path: '/api/orders', headers: { 'idempotency-key': crypto.randomUUID() }, extra: { hashcash_solutions: solvedTasks() } }),
    body: (t) => ({
      items: [{ id: 'software-development', quantity: 1 }],
      // The country is one of a list for everyone (decisions 0052, 0056): the payload goes into the free texts.
      customer: { type: 'consumer', name: t, street: t, postalCode: '50667', city: t, country: 'Deutschland', email: EMAIL },
      paymentMethod: 'invoice',
      consents: { agb: true, agbVersion: agb.version },
    }),
  },
  {
    label: 'cancellation',
    handler: cancellation,
    caller: withSecurity('/api/forms/cancellation'),
    body: (t) => ({
      contract_name: t,
      type_of_cancellation: 'extraordinary',
      cancellation_reason: t,
      customer_id: t,
      order_id: t,
      annotation: t,
      firstname: t,
      lastname: t,
      street: t,
      street_extra: t,
      postcode: '50667',
      locality: t,
      country: t,
      email: EMAIL,
    }),
  },
  { label: 'withdrawal', handler: withdrawal, caller: withSecurity('/api/forms/withdrawal'), body: (t) => ({ contract: t, name: t, email: EMAIL }) },
  {
    label: 'order inquiry',
    handler: orderInquiry,
    caller: withSecurity('/api/forms/order-inquiry'),
    body: (t) => ({ name: t, email: EMAIL, customer_id: t, inquiry: t, topic: 'portal' }),
  },
  { label: 'demo request', handler: demoRequest, caller: withSecurity('/api/forms/demo-request'), body: (t) => ({ name: t, email: EMAIL, company: t, product: 'portal' }) },
  { label: 'data-processing agreement (postal code)', handler: avRequest, caller: withSecurity('/api/forms/av-request'), body: (t) => ({ customerId: 'K-000007', postalCode: t }), refused: true },
  {
    label: 'registration',
    handler: register,
    caller: async () => ({ visitor: await primed(), path: '/api/auth/register', extra: { hashcash_solutions: solvedTasks() } }),
    body: (t) => ({ ...newAccount(), displayName: t }),
  },
  { label: 'account change', handler: account, method: 'PATCH', caller: async () => ({ visitor: (await loggedIn()).visitor, path: '/api/account' }), body: (t) => ({ displayName: t }) },
  { label: 'chat start', handler: chatConversations, caller: asVisitor('/api/chat/conversations'), body: (t) => ({ text: t, tempId: tempId() }) },
  {
    label: 'chat message',
    handler: chatMessages,
    caller: async () => {
      const visitor = await primed();
      const id = await conversationOf(visitor);
      return { visitor, path: `/api/chat/conversations/${id}/messages`, params: { id } };
    },
    body: (t) => ({ text: t, tempId: tempId() }),
  },
  {
    label: 'agent reply',
    handler: agentConversationMessages,
    caller: async () => {
      const id = await conversationOf(await primed());
      const { visitor } = await loggedInAgent();
      return { visitor, path: `/api/agent/conversations/${id}/messages`, params: { id } };
    },
    body: (t) => ({ text: t, tempId: tempId() }),
  },
];

/** Every string inside a row (also inside json columns) that contains the marker, with its column. */
async function storedTextsWith(marker: string): Promise<{ table: string; column: string; text: string }[]> {
  const db = await getDb();
  const { rows: tables } = await db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const found: { table: string; column: string; text: string }[] = [];
  const walk = (table: string, column: string, value: unknown): void => {
    if (typeof value === 'string') {
      if (value.includes(marker)) found.push({ table, column, text: value });
    } else if (Array.isArray(value)) {
      for (const item of value) walk(table, column, item);
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(table, column === '' ? key : column, item);
    }
  };
  for (const { name } of tables) {
    const { rows } = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${name}" t WHERE row_to_json(t)::text LIKE $1`, [`%${marker}%`]);
    for (const { row } of rows) walk(name, '', JSON.parse(row));
  }
  return found;
}

beforeAll(async () => {
  await getDb();
});

describe.each(payloadCases)('$label', (target) => {
  it.each(PAYLOADS)('%s', async (payload) => {
    const marker = `m${Math.random().toString(36).slice(2, 10)}`;
    const text = `${payload} ${marker}`;
    const usersBefore = (await (await getDb()).query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;
    const caller = await target.caller();
    const response = await caller.visitor.call(target.handler, caller.path, {
      method: target.method ?? 'POST',
      params: caller.params,
      headers: caller.headers,
      json: { ...target.body(text), ...caller.extra },
    });
    const answer = await response.text();
    const stored = await storedTextsWith(marker);

    if (target.refused) {
      expect(response.status, answer).toBe(400);
      expect(stored).toEqual([]);
    } else {
      expect([200, 201, 204], answer).toContain(response.status);
      const records = stored.filter((entry) => entry.table !== 'mail_outbox');
      expect(records.length).toBeGreaterThan(0);
      // Stored as typed: neither escaped (&lt;) nor stripped nor cut.
      for (const entry of stored) {
        if (entry.column === 'html_body') continue;
        expect(entry.text, `${entry.table}.${entry.column}`).toContain(text);
      }
      // A mail that has an HTML part must show the markup as text, never as markup.
      for (const entry of stored.filter((found) => found.column === 'html_body')) {
        expect(entry.text).not.toContain(payload);
      }
    }
    // The SQL never ran: the users table is still there and still holds every account.
    const usersAfter = (await (await getDb()).query<{ n: number }>('SELECT count(*)::int AS n FROM users')).rows[0]!.n;
    expect(usersAfter).toBeGreaterThanOrEqual(usersBefore);
  });
});

describe('odd Unicode in a text field', () => {
  // PostgreSQL cannot store NUL and would turn a lone surrogate into U+FFFD: both must be refused, not crash.
  const odd: [string, string, string][] = [
    ['NUL in the name', 'name', 'Erika\u0000Muster'],
    ['a lone surrogate in the message', 'message', 'Hallo \uD800 Welt'],
    ['a right-to-left override in the subject', 'subject', 'Rechnung \u202Efdp.exe'],
    ['an escape sequence in the name', 'name', 'Erika \u001B[31mrot'],
  ];
  it.each(odd)('%s → 400 with the field message, nothing stored', async (_label, field, value) => {
    const marker = `m${Math.random().toString(36).slice(2, 10)}`;
    const { visitor, security } = await preparedVisitor();
    const body = { name: 'Erika', email: EMAIL, subject: marker, message: `Nachricht ${marker}`, ...security, [field]: `${value} ${marker}` };
    const response = await visitor.call(inquiry, '/api/inquiry', { method: 'POST', json: body });
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { errors: Record<string, string> };
    expect(answer.errors[field]).toBe('Der Text enthält unzulässige Steuerzeichen. Bitte entfernen Sie sie.');
    expect(await storedTextsWith(marker)).toEqual([]);
  });
});
