import type { InboxItem } from '../../lib/agent/inbox-types.ts';
import { inboxMessages, type InboxAction, type InboxType } from '../../lib/schemas/inbox.ts';
import type { Db } from '../db/index.ts';
import { recordCancellationDecision, recordCancellationProcessed } from '../contracts/cancellation-processing.ts';
import { assignWithdrawalOrders } from '../contracts/withdrawal-assignment.ts';
import { HttpError } from '../http/errors.ts';
import { publicOrigin } from '../http/public-origin.ts';
import { deliverMail } from '../mail/index.ts';
import { acceptOrder, rejectOrder } from '../orders/decide.ts';
import { inboxItem } from './inbox.ts';
import { inboxSources } from './sources.ts';

/** What an agent does with an inbox item (PATCH /api/agent/inbox/:type/:id). */

async function setStatus(db: Db, type: InboxType, id: number, status: string, agentId: string): Promise<void> {
  const s = inboxSources[type];
  const { rowCount } = await db.query(
    `UPDATE ${s.table} SET inbox_status = $2, inbox_status_changed_at = now(), inbox_status_changed_by = $3 WHERE id = $1 AND (${s.where})`,
    [id, status, agentId],
  );
  if (rowCount === 0) throw new HttpError(404, inboxMessages.itemNotFound);
}

/**
 * Processes a cancellation: records the contract end (a matched contract ends that day; another
 * day than the computed one needs the agent's note) and queues the confirmation mail (one
 * transaction in the forms module), delivers it, and marks the item done. A cancellation that
 * was processed before is refused (409) – the confirmation goes out once – but still marked done.
 */
async function processCancellation(db: Db, id: number, action: CancellationAction, agentId: string): Promise<void> {
  const mailId =
    action.action === 'processCancellation'
      ? await recordCancellationProcessed(db, id, action.endDate, { note: action.note, contractNumber: action.contractNumber })
      : await recordCancellationDecision(db, id, action);
  if (mailId === null) {
    const item = await inboxItem(db, 'cancellation', id); // 404 when missing
    // An open cancellation of the other kind: the agent used the wrong form (an extraordinary one is decided, decision 0054).
    if (item.cancellation && !item.cancellation.processed) {
      throw new HttpError(400, action.action === 'processCancellation' ? inboxMessages.decisionNeeded : inboxMessages.notExtraordinary);
    }
    if (item.status !== 'done') await setStatus(db, 'cancellation', id, 'done', agentId);
    throw new HttpError(409, action.action === 'processCancellation' ? inboxMessages.alreadyProcessed : inboxMessages.alreadyDecided);
  }
  await setStatus(db, 'cancellation', id, 'done', agentId);
  // A failed delivery stays in the outbox for the retry run; the processing itself is stored.
  await deliverMail(db, [mailId]);
}

type CancellationAction = Extract<InboxAction, { action: 'processCancellation' | 'decideCancellation' }>;

/** Assigns a withdrawal its orders (the attribution 'agent', decision 0054) and marks it done. */
async function assignWithdrawal(db: Db, id: number, orderNumbers: string, agentId: string): Promise<void> {
  if ((await assignWithdrawalOrders(db, id, orderNumbers)) === null) throw new HttpError(404, inboxMessages.itemNotFound);
  await setStatus(db, 'withdrawal', id, 'done', agentId);
}

/**
 * `afterResponse` takes what may follow the answer (an order decision's mail and first invoice):
 * the endpoint runs it once the agent has the answer; without it, it runs before.
 */
export async function applyInboxAction(
  db: Db,
  type: InboxType,
  id: number,
  action: InboxAction,
  agentId: string,
  afterResponse?: (work: () => Promise<unknown>) => void,
): Promise<InboxItem> {
  const later = async (work: () => Promise<unknown>) => (afterResponse ? afterResponse(work) : await work());
  switch (action.action) {
    case 'setStatus':
      await setStatus(db, type, id, action.status, agentId);
      break;
    case 'processCancellation':
    case 'decideCancellation':
      if (type !== 'cancellation') throw new HttpError(400, inboxMessages.actionNotForType, { action: inboxMessages.actionNotForType });
      await processCancellation(db, id, action, agentId);
      break;
    case 'assignWithdrawal':
      if (type !== 'withdrawal') throw new HttpError(400, inboxMessages.actionNotForType, { action: inboxMessages.actionNotForType });
      await assignWithdrawal(db, id, action.orderNumbers, agentId);
      break;
    case 'acceptOrder':
      if (type !== 'order') throw new HttpError(400, inboxMessages.actionNotForType, { action: inboxMessages.actionNotForType });
      await later(await acceptOrder(db, id, agentId, { origin: publicOrigin() }));
      break;
    case 'rejectOrder':
      if (type !== 'order') throw new HttpError(400, inboxMessages.actionNotForType, { action: inboxMessages.actionNotForType });
      await later(await rejectOrder(db, id, agentId, action.reason));
      break;
  }
  return inboxItem(db, type, id);
}
