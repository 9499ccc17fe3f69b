import type { AgentInvoice } from './agent-types.ts';

/**
 * When an agent may send an invoice's payment reminder (issue 34, decision 0060): one rule for the
 * dashboard's button and the server's refusal. The server's database key (invoice, level) is what
 * keeps a second reminder out under concurrency; this rule only decides, from what the list shows,
 * whether one makes sense at all.
 */

/** What the rule looks at: the invoice as the agents' list shows it. */
export type ReminderFacts = Pick<AgentInvoice, 'kind' | 'state' | 'paymentMethod' | 'remindersSent'>;

export const reminderRefusals = {
  cancellationInvoice: 'Zu einer Stornorechnung wird keine Zahlungserinnerung gesendet.',
  // The reminder asks for a transfer: with a mandate the money is collected (the debit is planned
  // or already in a file at the bank), and a transfer on top would pay twice.
  sepaDebit: 'Diese Rechnung wird per SEPA-Lastschrift eingezogen. Eine Zahlungserinnerung, die um eine Überweisung bittet, wird dazu nicht gesendet.',
  notOverdue: 'Eine Zahlungserinnerung ist nur für offene Rechnungen möglich, deren Fälligkeit überschritten ist.',
  alreadySent: 'Die Zahlungserinnerung zu dieser Rechnung ist bereits versandt worden.',
} as const;

/** Why no reminder may go out for the invoice, or null when one may. */
export function reminderRefusal(facts: ReminderFacts): string | null {
  if (facts.kind === 'cancellation') return reminderRefusals.cancellationInvoice;
  if (facts.paymentMethod === 'sepa') return reminderRefusals.sepaDebit;
  if (facts.state !== 'overdue') return reminderRefusals.notOverdue;
  // Today's reminder is the only level (1): once sent, there is no further one to send.
  if (facts.remindersSent > 0) return reminderRefusals.alreadySent;
  return null;
}

export function reminderAllowed(facts: ReminderFacts): boolean {
  return reminderRefusal(facts) === null;
}
