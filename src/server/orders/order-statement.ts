import { randomBytes } from 'node:crypto';
import { orderNumberFrom } from '../../lib/orders/order-number.ts';
import type { OrderStatus } from '../../lib/orders/status.ts';
import type { Queryable } from '../db/index.ts';
import { SqlParams } from '../db/sql-params.ts';
import { liveSessionSql } from '../auth/session.ts';
import { tokenHash } from '../auth/tokens.ts';
import { OUTBOX_COLUMNS, outboxValuesSql, visitorMailAllowedSql } from '../mail/outbox.ts';
import type { OutgoingMail } from '../mail/message.ts';
import type { VerifiedTask } from '../security/hashcash.ts';
import type { OrderDocument, OrderDocumentKind } from './order-documents.ts';

/**
 * The two statements of an order (issue 22, decision 0044): one reserves its numbers and finds
 * the customer, the other stores everything at once. Between them the contract confirmation PDF
 * is built, which names those numbers.
 */

export interface ReservedOrder {
  /** The account of the request's session (whose idle limit it slides), if any. */
  userId: string | null;
  orderId: number;
  orderNumber: string;
  /** One per recurring line, in line order. */
  contracts: { id: number; contractNumber: string }[];
}

/** What the reserving statement checks before it takes a number: that the proof of work is not spent. */
interface ReserveRequest {
  /** The request's session cookie: the order belongs to its account. */
  sessionToken: string | undefined;
  /** One contract number per recurring line. */
  contractCount: number;
  /** The order's Idempotency-Key (hashed): an order stored under it spent the tasks itself. */
  keyHash: string;
  /** The ids of the proof of work's tasks, whose signatures are already checked. */
  taskIds: string[];
}

/**
 * Takes the next ids of orders and contracts from their sequences and draws the order's random
 * number (src/lib/orders/order-number.ts; 55 random bits, so a clash with an existing number is
 * not worth a round trip to rule out – the UNIQUE constraint would refuse it and the customer's
 * retry gets a new one). Contract numbers are derived from the ids exactly as the generated column
 * of migration 0015 does, so the PDF names the numbers the rows will get. An order that is not
 * stored (a repeated key, a refusal) leaves a gap in the ids, as an insert that conflicted always did.
 *
 * Null, without taking any id, when a task of the proof of work was spent before by another order
 * or form (issue 35: a refused proof costs no number and no PDF). A retry under the key of a placed
 * order spent them itself and goes on to get that order back. Two submissions racing with the same
 * tasks both pass here; the order statement's replay store lets only one of them commit.
 */
export async function reserveOrder(db: Queryable, request: ReserveRequest, now: Date): Promise<ReservedOrder | null> {
  const { rows } = await db.query<{ user_id: string | null; replayed: boolean; order_id: string | null; contract_ids: string[]; contract_numbers: string[] }>(
    `WITH seen AS (UPDATE sessions s SET last_seen_at = $2 WHERE ${liveSessionSql('$1', '$2')} RETURNING s.user_id),
     proof AS (SELECT EXISTS (SELECT 1 FROM hashcash_spent WHERE task_id = ANY($4::text[]))
                      AND NOT EXISTS (SELECT 1 FROM orders WHERE idempotency_key_hash = $5) AS replayed)
     SELECT (SELECT user_id FROM seen) AS user_id, proof.replayed, o.id::text AS order_id,
            coalesce(c.ids, '{}') AS contract_ids, coalesce(c.numbers, '{}') AS contract_numbers
     FROM proof,
          -- CASE runs nextval only in the branch taken: a replayed proof takes no id.
          (SELECT CASE WHEN NOT (SELECT replayed FROM proof) THEN nextval(pg_get_serial_sequence('orders', 'id')) END AS id) AS o,
          (SELECT array_agg(id::text ORDER BY id) AS ids, array_agg('V-' || lpad(id::text, 6, '0') ORDER BY id) AS numbers
           FROM (SELECT nextval(pg_get_serial_sequence('contracts', 'id')) AS id
                 FROM generate_series(1, CASE WHEN (SELECT replayed FROM proof) THEN 0 ELSE $3::int END)) AS s) AS c`,
    [request.sessionToken === undefined ? null : tokenHash(request.sessionToken), now, request.contractCount, request.taskIds, request.keyHash],
  );
  const row = rows[0]!;
  if (row.replayed) return null;
  return {
    userId: row.user_id,
    orderId: Number(row.order_id),
    orderNumber: orderNumberFrom(randomBytes(11)),
    contracts: row.contract_ids.map((id, index) => ({ id: Number(id), contractNumber: row.contract_numbers[index]! })),
  };
}

/** The columns of `orders` the order statement fills, in this order, and their values. */
export type OrderColumns = [column: string, value: unknown, cast?: string][];

export interface OrderStatement {
  reserved: ReservedOrder;
  keyHash: string;
  requestHash: string;
  /** The order's own columns (everything but id, key, hashes, user and confirmation_mailed). */
  columns: OrderColumns;
  /** The order's lines as columns of order_lines (without order_id), one array per column. */
  lines: OrderColumns;
  /**
   * Positions of the recurring lines, one contract each, in the order of reserved.contracts: none
   * for an order we review, whose contracts are made when an agent accepts it (decision 0053).
   */
  contractPositions: number[];
  contract: { customerType: string; email: string; priceBasis: string; startsOn: string | null };
  /** Tasks of the proof of work, their signatures checked; a new order spends them in the replay store. */
  proofOfWork: VerifiedTask[];
  /** The contract confirmation PDF of an order accepted at once; null for one we review. */
  document: ({ kind: OrderDocumentKind } & OrderDocument) | null;
  /** The confirmation to the typed address (receipt and acceptance, or receipt only). */
  confirmation: OutgoingMail;
  /**
   * The mails the order will cause to the typed address: its confirmation and, accepted at once, its
   * first invoice. A new order is refused unless its daily cap has room for all of them (decision 0063).
   */
  visitorMails: number;
  /** The company's notification. */
  notification: OutgoingMail;
  now: Date;
}

export interface StoredOrderRow {
  created: boolean;
  order_number: string;
  request_hash: string;
  schedule: unknown;
  status: OrderStatus;
  services_start_on: string | null;
  acceptance_deadline: string | null;
  confirmation_mailed: boolean;
  mail_ids: (string | number)[];
  /** The logged-in owner ordered under the account's own confirmed address: no stranger's mail. */
  own_address: boolean;
}

/** The message of refuse() (migration 0024) when the proof of work of a new order is not accepted. */
export const PROOF_OF_WORK_REFUSED = 'order-proof-of-work-refused';
/** The message of refuse() when the daily cap of the typed address has no room for a new order's mails. */
export const MAIL_CAP_REACHED = 'order-mail-cap-reached';

/**
 * Stores an order in one statement, which is one transaction: the order with its reserved id (or,
 * for a key used before, the earlier order: the conflict arm locks and returns it, also when a
 * concurrent submit committed it after this statement began); and only for a new order the proof
 * of work in the replay store, lines, contracts and the PDF (of an order accepted at once; an order
 * we review has neither until an agent accepts it) and both mails. A proof of work spent in the
 * meantime (a concurrent submission of the same tasks), or a daily cap of the typed address without
 * room for the order's mails (decision 0063, counted in the same statement: a brake, not an exact
 * count), makes refuse() undo all of it.
 */
export async function storeOrder(db: Queryable, order: OrderStatement): Promise<StoredOrderRow> {
  const p = new SqlParams();
  const { reserved } = order;
  const orderId = p.add(reserved.orderId);
  const email = order.contract.email;
  const cast = (value: unknown, type?: string) => `${p.add(value)}${type ? `::${type}` : ''}`;
  const orderColumns = ['id', 'order_number', 'idempotency_key_hash', 'request_hash', 'user_id', ...order.columns.map(([column]) => column), 'confirmation_mailed'];
  const orderValues = [
    `${orderId}::bigint`,
    cast(reserved.orderNumber, 'text'),
    cast(order.keyHash, 'text'),
    cast(order.requestHash, 'text'),
    // A guest order under an address an account has verified belongs to that account (issue 19).
    `coalesce(${cast(reserved.userId, 'uuid')}, (SELECT id FROM users WHERE lower(email) = lower(${cast(email, 'text')}) AND email_verified_at IS NOT NULL))`,
    ...order.columns.map(([, value, type]) => cast(value, type)),
    // Kept for the answer to a retried order; one placed before decision 0063 may say false.
    'true',
  ];
  const tasks = order.proofOfWork;
  const lineColumns = order.lines.map(([column]) => column);
  // One parameter, named twice: the statement's text is the same with and without a document.
  const documentContent = cast(order.document?.content ?? null, 'bytea');
  const { rows } = await db.query<StoredOrderRow & { refused: boolean | null }>(
    // The cap guards an inbox from strangers (decision 0063); the account's owner, logged in and
    // ordering under the address the account confirmed, is none and is never refused by it.
    `WITH owner AS (SELECT EXISTS (SELECT 1 FROM users WHERE id = ${cast(reserved.userId, 'uuid')} AND email_verified_at IS NOT NULL
                                     AND lower(email) = lower(${cast(email, 'text')})) AS own),
     cap AS (SELECT (SELECT own FROM owner) OR ${visitorMailAllowedSql(p, email, order.visitorMails)} AS ok),
     ins AS (INSERT INTO orders (${orderColumns.join(', ')}) VALUES (${orderValues.join(', ')})
             ON CONFLICT (idempotency_key_hash) DO UPDATE SET idempotency_key_hash = excluded.idempotency_key_hash
             RETURNING id, order_number, request_hash, schedule, status, to_char(services_start_on, 'YYYY-MM-DD') AS services_start_on,
                       to_char(acceptance_deadline, 'YYYY-MM-DD') AS acceptance_deadline, confirmation_mailed, user_id),
     fresh AS (SELECT id, user_id FROM ins WHERE id = ${orderId}::bigint),
     spent AS (INSERT INTO hashcash_spent (task_id, expires_at)
               SELECT t.id, t.expires_at FROM fresh, unnest(${cast(tasks.map((t) => t.id), 'text[]')}, ${cast(tasks.map((t) => t.expiresAt), 'timestamptz[]')}) AS t(id, expires_at)
               ON CONFLICT (task_id) DO NOTHING RETURNING 1),
     -- Spent ids are only needed until their tasks expire.
     expired AS (DELETE FROM hashcash_spent WHERE expires_at < ${cast(order.now, 'timestamptz')} AND EXISTS (SELECT 1 FROM fresh)),
     lines AS (INSERT INTO order_lines (order_id, ${lineColumns.join(', ')})
               SELECT fresh.id, l.* FROM fresh, unnest(${order.lines.map(([, value, type]) => cast(value, type)).join(', ')}) AS l
               RETURNING order_id, position, product_id, name, quantity, line_cents, line_gross_cents, vat_percent, minimum_months, billing_months, notice_days),
     made AS (INSERT INTO contracts (id, order_id, order_position, user_id, customer_type, email, product_id, name, quantity, price_basis,
                                     period_cents, period_gross_cents, vat_percent, billing_months, minimum_months, notice_days, starts_on)
              SELECT c.id, lines.order_id, lines.position, (SELECT user_id FROM fresh), ${cast(order.contract.customerType, 'text')}, ${cast(email, 'text')},
                     lines.product_id, lines.name, lines.quantity, ${cast(order.contract.priceBasis, 'text')}, lines.line_cents, lines.line_gross_cents, lines.vat_percent,
                     lines.billing_months, lines.minimum_months, lines.notice_days, ${cast(order.contract.startsOn, 'date')}
              FROM lines JOIN unnest(${cast(reserved.contracts.map((c) => c.id), 'bigint[]')}, ${cast(order.contractPositions, 'int[]')}) AS c(id, position)
                ON c.position = lines.position),
     doc AS (INSERT INTO order_documents (order_id, kind, file_name, content)
             SELECT id, ${cast(order.document?.kind ?? null, 'text')}, ${cast(order.document?.fileName ?? null, 'text')}, ${documentContent} FROM fresh
             WHERE ${documentContent} IS NOT NULL),
     confirmation AS (INSERT INTO mail_outbox ${OUTBOX_COLUMNS} SELECT ${outboxValuesSql(p, order.confirmation, true)} FROM fresh RETURNING id),
     notification AS (INSERT INTO mail_outbox ${OUTBOX_COLUMNS} SELECT ${outboxValuesSql(p, order.notification, false)} FROM fresh RETURNING id)
     SELECT ins.id = ${orderId}::bigint AS created, ins.order_number, ins.request_hash, ins.schedule, ins.status, ins.services_start_on,
            ins.acceptance_deadline, ins.confirmation_mailed, (SELECT own FROM owner) AS own_address,
            ARRAY(SELECT id FROM confirmation UNION ALL SELECT id FROM notification) AS mail_ids,
            CASE WHEN ins.id = ${orderId}::bigint AND (SELECT count(*) FROM spent) <> ${cast(tasks.length, 'int')}
                 THEN refuse('${PROOF_OF_WORK_REFUSED}')
                 WHEN ins.id = ${orderId}::bigint AND NOT (SELECT ok FROM cap) THEN refuse('${MAIL_CAP_REACHED}') END AS refused
     FROM ins`,
    p.values,
  );
  return rows[0]!;
}
