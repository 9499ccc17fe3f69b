/**
 * The declarations that have arrived but not (yet) changed a contract or an order (decision
 * 0054), as JSON sub-selects for the statements of the customer area and the agents' list, so
 * neither costs a round trip more. Which shows: the latest still open one that has not changed
 * anything – an ordinary cancellation changes its contract once attributed, an extraordinary one
 * only once an agent decided.
 */

/** A contract's pending cancellation ({ receivedOn, type, attributed } or null); `contract` is the contracts row's alias. */
export const pendingCancellationSql = (contract: string) => `(
  SELECT json_build_object('receivedOn', to_char(p.received_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD'),
                           'type', p.type_of_cancellation, 'attributed', p.attributed_at IS NOT NULL)
  FROM cancellations p
  WHERE p.contract_id = ${contract}.id AND p.status = 'received' AND NOT (p.type_of_cancellation = 'regular' AND p.attributed_at IS NOT NULL)
  ORDER BY p.id DESC LIMIT 1)`;

/**
 * An order's withdrawal ({ receivedOn, attributed } or null): an attributed one first (it withdrew
 * the order), else the latest that names it and waits for its confirmation. `order` is the orders row's alias.
 */
export const orderWithdrawalSql = (order: string) => `(
  SELECT json_build_object('receivedOn', to_char(w.received_at AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD'), 'attributed', w.attributed_at IS NOT NULL)
  FROM withdrawal_orders wo JOIN withdrawals w ON w.id = wo.withdrawal_id
  WHERE wo.order_id = ${order}.id
  ORDER BY w.attributed_at IS NULL, w.id DESC LIMIT 1)`;
