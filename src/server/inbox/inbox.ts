import type { InboxItem, InboxPage } from '../../lib/agent/inbox-types.ts';
import { INBOX_PAGE_SIZE, INBOX_TYPES, inboxMessages, type InboxQuery, type InboxStatus, type InboxType } from '../../lib/schemas/inbox.ts';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { iso, inboxSources } from './sources.ts';

/**
 * The agents' inbox over all tables of received things: one UNION ALL of (type, id, time of
 * receipt, status) pages and counts; the rows of a page are then read from their own tables.
 */

function union(types: readonly InboxType[]): string {
  return types
    .map((type) => {
      const s = inboxSources[type];
      return `SELECT '${type}'::text AS type, id::bigint AS id, ${s.receivedColumn} AS received_at, inbox_status FROM ${s.table} WHERE ${s.where}`;
    })
    .join(' UNION ALL ');
}

function emptyCounts(): Record<InboxType, number> {
  return Object.fromEntries(INBOX_TYPES.map((type) => [type, 0])) as Record<InboxType, number>;
}

/** One item read from its table, with the name of the agent who last changed its status. */
export async function inboxItem(db: Queryable, type: InboxType, id: number): Promise<InboxItem> {
  const s = inboxSources[type];
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT x.*, x.${s.receivedColumn} AS inbox_received_at, u.display_name AS inbox_changed_by_name${s.joined ? `, ${s.joined.columns}` : ''}
     FROM ${s.table} x LEFT JOIN users u ON u.id = x.inbox_status_changed_by ${s.joined?.join ?? ''}
     WHERE x.id = $1 AND (${s.where})`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new HttpError(404, inboxMessages.itemNotFound);
  return {
    type,
    id: Number(row.id),
    receivedAt: iso(row.inbox_received_at),
    status: row.inbox_status as InboxStatus,
    statusChangedAt: row.inbox_status_changed_at ? iso(row.inbox_status_changed_at) : null,
    statusChangedBy: (row.inbox_changed_by_name as string | null) ?? null,
    title: s.title(row),
    details: await s.details(row, db),
    ...s.extra?.(row),
  };
}

/**
 * One page of the inbox, newest first, optionally of one type and one status. A page beyond the
 * last is empty but carries the real totals; there is always at least one page.
 */
export async function listInbox(db: Queryable, query: InboxQuery): Promise<InboxPage> {
  const types = query.type ? [query.type] : INBOX_TYPES;
  const filter = query.status ? 'WHERE inbox_status = $1' : '';
  const params = query.status ? [query.status] : [];

  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${union(types)}) i ${filter}`, params);
  const counts = await db.query<{ type: InboxType; n: number }>(
    `SELECT type, count(*)::int AS n FROM (${union(INBOX_TYPES)}) i WHERE inbox_status = 'new' GROUP BY type`,
  );
  const newCounts = emptyCounts();
  for (const row of counts.rows) newCounts[row.type] = row.n;

  const totalItems = total.rows[0]?.n ?? 0;
  const totalPages = Math.max(1, Math.ceil(totalItems / INBOX_PAGE_SIZE));
  const base = { currentPage: query.page, totalPages, totalItems, newCounts };
  if (query.page > totalPages) return { items: [], ...base };

  const { rows } = await db.query<{ type: InboxType; id: string | number }>(
    `SELECT type, id FROM (${union(types)}) i ${filter}
     ORDER BY received_at DESC, type, id DESC
     LIMIT ${INBOX_PAGE_SIZE} OFFSET ${(query.page - 1) * INBOX_PAGE_SIZE}`,
    params,
  );
  const items: InboxItem[] = [];
  for (const row of rows) items.push(await inboxItem(db, row.type, Number(row.id)));
  return { items, ...base };
}
