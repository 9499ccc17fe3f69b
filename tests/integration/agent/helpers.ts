import { randomBytes } from 'node:crypto';
import agentAgents from '../../../netlify/functions/agent-agents.mts';
import agentContracts from '../../../netlify/functions/agent-contracts.mts';
import agentInboxItem from '../../../netlify/functions/agent-inbox-item.mts';
import agentInbox from '../../../netlify/functions/agent-inbox.mts';
import { orderNumberFrom } from '../../../src/lib/orders/order-number.ts';
import { getDb } from '../../../src/server/db/index.ts';
import type { Visitor } from '../http/visitor.ts';

export const inbox = (visitor: Visitor, query = '') => visitor.call(agentInbox, `/api/agent/inbox${query}`);
export const inboxAction = (visitor: Visitor, type: string, id: string | number, body: unknown, csrf = true) =>
  visitor.call(agentInboxItem, `/api/agent/inbox/${type}/${id}`, { method: 'PATCH', json: body, csrf, params: { type, id: String(id) } });
export const agentsList = (visitor: Visitor) => visitor.call(agentAgents, '/api/agent/agents');
export const contractList = (visitor: Visitor, query = '') => visitor.call(agentContracts, `/api/agent/contracts${query}`);

async function insertId(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await (await getDb()).query<{ id: string | number }>(sql, params);
  return Number(rows[0]!.id);
}

/** 119,00 € due now, then 119,00 € every month (as POST /api/orders stores it, docs/decisions/0025). */
const AMOUNT = { grossCents: 11900, netCents: 10000, vatCents: 1900, byRate: [{ percent: 19, netCents: 10000, vatCents: 1900 }] };
const SCHEDULE = { dueNow: AMOUNT, recurring: [{ everyMonths: 1, amount: AMOUNT }] };

/** Received things as the forms store them (the forms themselves have their own tests). */
export const seed = {
  withdrawal: (contract: string, receivedAt = new Date()) =>
    insertId('INSERT INTO withdrawals (contract, name, email, received_at) VALUES ($1, $2, $3, $4) RETURNING id', [
      contract,
      'Jürgen Weiß',
      'juergen@example.test',
      receivedAt,
    ]),
  contact: (subject: string) =>
    insertId("INSERT INTO inquiries (kind, name, email, subject, message) VALUES ('contact', 'Erika Mustermann', 'erika@example.test', $1, 'Bitte rufen Sie mich an.') RETURNING id", [
      subject,
    ]),
  cancellation: (contract: string, email = 'kuendigung@example.test') =>
    insertId(
      `INSERT INTO cancellations (contract_name, type_of_cancellation, end_of_contract_period, firstname, lastname, email, customer_id)
       VALUES ($1, 'regular', 'earliest', 'Jürgen', 'Weiß', $2, '10042') RETURNING id`,
      [contract, email],
    ),
  order: (name = 'Erika Mustermann') =>
    insertId(
      `INSERT INTO orders (order_number, idempotency_key_hash, request_hash, customer_type, name, street, postal_code, city, country, email,
         payment_method, total_cents, net_cents, vat_cents, agb_accepted_at, price_basis, agb_version, schedule)
       VALUES ($4, $1, 'r', 'consumer', $2, 'Hauptstraße 1', '50667', 'Köln', 'DE', 'erika@example.test', 'paypal', 11900, 10000, 1900, now(),
               'gross', '2026-11-24/0123456789ab', $3::jsonb)
       RETURNING id`,
      [crypto.randomUUID(), name, JSON.stringify(SCHEDULE), orderNumberFrom(randomBytes(11))],
    ),
};

export interface InboxItem {
  type: string;
  id: number;
  receivedAt: string;
  status: 'new' | 'in_progress' | 'done';
  statusChangedAt: string | null;
  statusChangedBy: string | null;
  title: string;
  details: ({ label: string; kind: string } & Record<string, unknown>)[];
  billing?: { orderNumber: string; invoices: { number: string; kind: string; grossCents: number; state: string; openCents: number }[] };
  cancellation?: {
    processed: boolean;
    contractEndDate: string | null;
    processedAt: string | null;
    requestedEndDate: string | null;
    computedEndDate: string | null;
    type: 'regular' | 'extraordinary';
    receivedOn: string;
    matched: boolean;
    attribution: { by: string; at: string } | null;
  };
  withdrawal?: { orderNumbers: string[]; attribution: { by: string; at: string } | null };
}

export interface InboxPage {
  items: InboxItem[];
  currentPage: number;
  totalPages: number;
  totalItems: number;
  newCounts: Record<string, number>;
}
