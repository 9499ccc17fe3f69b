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

/**
 * Takes the next ids of orders and contracts from their sequences and draws the order's random
 * number (src/lib/orders/order-number.ts; 55 random bits, so a clash with an existing number is
 * not worth a round trip to rule out – the UNIQUE constraint would refuse it and the customer's
 * retry gets a new one). Contract numbers are derived from the ids exactly as the generated column
 * of migration 0015 does, so the PDF names the numbers the rows will get. An order that is not
 * stored (a repeated key, a refusal) leaves a gap in the ids, as an insert that conflicted always did.
 */
export async function reserveOrder(
  db: Queryable,
  sessionToken: string | undefined,
  contractCount: number,
  now: Date,
): Promise<ReservedOrder> {
  const { rows } = await db.query<{ user_id: string | null; order_id: string; contract_ids: string[]; contract_numbers: string[] }>(
    `WITH seen AS (UPDATE sessions s SET last_seen_at = $2 WHERE ${liveSessionSql('$1', '$2')} RETURNING s.user_id)
     SELECT (SELECT user_id FROM seen) AS user_id, o.id::text AS order_id,
            coalesce(c.ids, '{}') AS contract_ids, coalesce(c.numbers, '{}') AS contract_numbers
     FROM (SELECT nextval(pg_get_serial_sequence('orders', 'id')) AS id) AS o,
          (SELECT array_agg(id::text ORDER BY id) AS ids, array_agg('V-' || lpad(id::text, 6, '0') ORDER BY id) AS numbers
           FROM (SELECT nextval(pg_get_serial_sequence('contracts', 'id')) AS id FROM generate_series(1, $3::int)) AS s) AS c`,
    [sessionToken === undefined ? null : tokenHash(sessionToken), now, contractCount],
  );
  const row = rows[0]!;
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
  /** Tasks of the proof of work, or null when the solutions were refused already (checked only for a new order). */
  proofOfWork: VerifiedTask[] | null;
  /** The contract confirmation PDF of an order accepted at once; null for one we review. */
  document: ({ kind: OrderDocumentKind } & OrderDocument) | null;
  /** The confirmation to the typed address (receipt and acceptance, or receipt only), under its daily cap (decision 0040). */
  confirmation: OutgoingMail;
  /** The company's notification, and the same headed by the request to confirm by hand when the cap held the confirmation back. */
  notification: OutgoingMail;
  heldBackNotification: OutgoingMail;
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
}

/** The message of refuse() (migration 0024) when the proof of work of a new order is not accepted. */
export const PROOF_OF_WORK_REFUSED = 'order-proof-of-work-refused';

/**
 * Stores an order in one statement, which is one transaction: the order with its reserved id (or,
 * for a key used before, the earlier order: the conflict arm locks and returns it, also when a
 * concurrent submit committed it after this statement began); and only for a new order the proof
 * of work in the replay store, lines, contracts and the PDF (of an order accepted at once; an order
 * we review has neither until an agent accepts it) and both mails. A proof of work that is
 * invalid or spent before makes refuse() undo all of it. The daily cap of the confirmation is
 * counted in the same statement (decision 0040: a brake, not an exact count).
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
    '(SELECT ok FROM cap)',
  ];
  const tasks = order.proofOfWork ?? [];
  const lineColumns = order.lines.map(([column]) => column);
  // One parameter, named twice: the statement's text is the same with and without a document.
  const documentContent = cast(order.document?.content ?? null, 'bytea');
  const { rows } = await db.query<StoredOrderRow & { refused: boolean | null }>(
    `WITH cap AS (SELECT ${visitorMailAllowedSql(p, email)} AS ok),
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
               RETURNING order_id, position, product_id, name, quantity, line_cents, vat_percent, minimum_months, billing_months, notice_days),
     made AS (INSERT INTO contracts (id, order_id, order_position, user_id, customer_type, email, product_id, name, quantity, price_basis,
                                     period_cents, vat_percent, billing_months, minimum_months, notice_days, starts_on)
              SELECT c.id, lines.order_id, lines.position, (SELECT user_id FROM fresh), ${cast(order.contract.customerType, 'text')}, ${cast(email, 'text')},
                     lines.product_id, lines.name, lines.quantity, ${cast(order.contract.priceBasis, 'text')}, lines.line_cents, lines.vat_percent,
                     lines.billing_months, lines.minimum_months, lines.notice_days, ${cast(order.contract.startsOn, 'date')}
              FROM lines JOIN unnest(${cast(reserved.contracts.map((c) => c.id), 'bigint[]')}, ${cast(order.contractPositions, 'int[]')}) AS c(id, position)
                ON c.position = lines.position),
     doc AS (INSERT INTO order_documents (order_id, kind, file_name, content)
             SELECT id, ${cast(order.document?.kind ?? null, 'text')}, ${cast(order.document?.fileName ?? null, 'text')}, ${documentContent} FROM fresh
             WHERE ${documentContent} IS NOT NULL),
     confirmation AS (INSERT INTO mail_outbox ${OUTBOX_COLUMNS} SELECT ${outboxValuesSql(p, order.confirmation, true)} FROM fresh WHERE (SELECT ok FROM cap) RETURNING id),
     notification AS (INSERT INTO mail_outbox ${OUTBOX_COLUMNS}
                      SELECT ${outboxValuesSql(p, order.notification, false)} FROM fresh WHERE (SELECT ok FROM cap)
                      UNION ALL SELECT ${outboxValuesSql(p, order.heldBackNotification, false)} FROM fresh WHERE NOT (SELECT ok FROM cap)
                      RETURNING id)
     SELECT ins.id = ${orderId}::bigint AS created, ins.order_number, ins.request_hash, ins.schedule, ins.status, ins.services_start_on,
            ins.acceptance_deadline, ins.confirmation_mailed,
            ARRAY(SELECT id FROM confirmation UNION ALL SELECT id FROM notification) AS mail_ids,
            CASE WHEN ins.id = ${orderId}::bigint AND (SELECT count(*) FROM spent) <> ${cast(order.proofOfWork === null ? -1 : tasks.length, 'int')}
                 THEN refuse('${PROOF_OF_WORK_REFUSED}') END AS refused
     FROM ins`,
    p.values,
  );
  return rows[0]!;
}
