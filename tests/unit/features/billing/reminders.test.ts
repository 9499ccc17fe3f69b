import { describe, expect, it } from 'vitest';
import { reminderAllowed, reminderRefusal, type ReminderFacts } from '../../../../src/features/billing/reminders.ts';
import { INVOICE_STATES } from '../../../../src/features/billing/state.ts';

const overdue: ReminderFacts = { kind: 'invoice', state: 'overdue', paymentMethod: 'transfer', remindersSent: 0 };

describe('reminderRefusal', () => {
  it('allows the one reminder of an overdue invoice paid by transfer or PayPal', () => {
    expect(reminderAllowed(overdue)).toBe(true);
    expect(reminderAllowed({ ...overdue, paymentMethod: 'paypal' })).toBe(true);
  });

  it('refuses a second reminder, a direct debit, an invoice not overdue and a cancellation invoice', () => {
    expect(reminderRefusal({ ...overdue, remindersSent: 1 })).toBe('Die Zahlungserinnerung zu dieser Rechnung ist bereits versandt worden.');
    expect(reminderRefusal({ ...overdue, paymentMethod: 'sepa' })).toMatch(/^Diese Rechnung wird per SEPA-Lastschrift eingezogen\./);
    for (const state of INVOICE_STATES.filter((state) => state !== 'overdue')) {
      expect(reminderRefusal({ ...overdue, state })).toBe('Eine Zahlungserinnerung ist nur für offene Rechnungen möglich, deren Fälligkeit überschritten ist.');
    }
    expect(reminderRefusal({ ...overdue, kind: 'cancellation' })).toBe('Zu einer Stornorechnung wird keine Zahlungserinnerung gesendet.');
  });
});
