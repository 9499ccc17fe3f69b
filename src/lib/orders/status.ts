import type { IsoDay } from '../contracts/ends.ts';
import { formatReceivedAt, germanDate } from '../forms/dates.ts';

/**
 * Where an order stands (issue 33, docs/decisions/0053-order-acceptance.md): received and under
 * review, accepted (contracts, documents and invoices exist only from here on), rejected by an
 * agent with a reason, lapsed when the acceptance period passed, or withdrawn by the consumer
 * before we accepted it. The customer area and the agents' dashboard word it the same way.
 */

/** As `orders.status` holds it (migration 0026). */
export type OrderStatus = 'received' | 'accepted' | 'rejected' | 'lapsed' | 'withdrawn';

export interface OrderDecision {
  status: OrderStatus;
  /** The last day we can accept a reviewed order; null for an order accepted at once. */
  acceptanceDeadline: IsoDay | null;
  /** ISO timestamps. */
  acceptedAt: string | null;
  decidedAt: string | null;
  rejectionReason: string | null;
}

const dayOf = (at: string | null): string => (at === null ? '–' : formatReceivedAt(at).date);

/**
 * 'in Prüfung – Annahme bis 30.11.2026', 'angenommen am 28.11.2026', 'abgelehnt am 29.11.2026: …',
 * 'nicht zustande gekommen (Annahmefrist abgelaufen)', 'widerrufen vor unserer Annahme'.
 */
export function orderStatusText(order: OrderDecision): string {
  switch (order.status) {
    case 'received':
      return `in Prüfung – Annahme bis ${order.acceptanceDeadline === null ? '–' : germanDate(order.acceptanceDeadline)}`;
    case 'accepted':
      return `angenommen am ${dayOf(order.acceptedAt)}`;
    case 'rejected':
      return `abgelehnt am ${dayOf(order.decidedAt)}: ${order.rejectionReason ?? ''}`;
    case 'lapsed':
      return 'nicht zustande gekommen (Annahmefrist abgelaufen)';
    case 'withdrawn':
      return 'widerrufen vor unserer Annahme';
  }
}
