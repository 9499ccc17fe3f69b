import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AWAITING_STATES, DONE_STATES, INVOICE_STATES, ledgerState, recordsMoney, type LedgerFacts } from '../../src/features/billing/state.ts';
import { ledgerFacts } from '../support/ledger-arbitrary.ts';

/** Properties of the one invoice state (issue 34, docs/decisions/0058-invoice-state.md) over generated ledgers. */

const day = fc.integer({ min: -20, max: 20 }).map((offset) => new Date(Date.UTC(2026, 11, 1 + offset)).toISOString().slice(0, 10));

/**
 * Ledgers as the shop makes them: credits never exceed the invoice; money came (or a file collects)
 * once, after the first k credits, and was what was open then; only the credits after it owe a
 * refund, and a refund recorded is that credit's amount.
 */
function madeByTheShop(facts: LedgerFacts): boolean {
  const credited = facts.credits.reduce((sum, credit) => sum + credit.totalCents, 0);
  if (credited > facts.totalCents) return false;
  const money = facts.payment?.cents ?? facts.submittedDebit?.cents ?? null;
  if (facts.payment && facts.submittedDebit && facts.payment.cents !== facts.submittedDebit.cents) return false;
  if (money === null) return facts.credits.every((credit) => credit.refund === null);
  return facts.credits.some((_, k) => {
    const before = facts.credits.slice(0, k);
    return (
      money === facts.totalCents - before.reduce((sum, credit) => sum + credit.totalCents, 0) &&
      before.every((credit) => credit.refund === null) &&
      facts.credits.slice(k).every((credit) => credit.refund === null || credit.refund.cents === credit.totalCents)
    );
  }) || (money === facts.totalCents - credited && facts.credits.every((credit) => credit.refund === null));
}
const consistent = ledgerFacts.filter(madeByTheShop);

describe('invoice state properties', () => {
  it('splits the vocabulary into states that wait for money and states that are done', () => {
    expect(new Set([...AWAITING_STATES, ...DONE_STATES])).toEqual(new Set(INVOICE_STATES));
    expect(AWAITING_STATES.filter((state) => DONE_STATES.includes(state))).toEqual([]);
  });

  it('gives every document a state of the vocabulary, money only while it waits for some, never a refund beyond a credit', () => {
    fc.assert(
      fc.property(ledgerFacts, day, (facts, today) => {
        const ledger = ledgerState(facts, today);
        for (const own of [ledger.invoice, ...ledger.credits]) {
          expect(INVOICE_STATES).toContain(own.state);
          expect(own.openCents).toBeGreaterThanOrEqual(0);
          if (DONE_STATES.includes(own.state)) expect(own.openCents).toBe(0);
        }
        ledger.credits.forEach((own, index) => expect(own.openCents).toBeLessThanOrEqual(facts.credits[index]!.totalCents));
      }),
    );
  });

  it('owes back on the invoice exactly what its cancellation invoices owe back', () => {
    fc.assert(
      fc.property(consistent, day, (facts, today) => {
        const ledger = ledgerState(facts, today);
        const owedByCredits = ledger.credits.reduce((sum, own) => sum + (own.state === 'refund-due' ? own.openCents : 0), 0);
        if (ledger.invoice.state === 'refund-due') expect(ledger.invoice.openCents).toBe(owedByCredits);
        if (ledger.invoice.state === 'open' || ledger.invoice.state === 'overdue') expect(owedByCredits).toBe(0);
      }),
    );
  });

  it('collects by debit exactly what an unpaid SEPA invoice still owes, never before the announced day', () => {
    fc.assert(
      fc.property(consistent, day, (facts, today) => {
        const { invoice, debit } = ledgerState(facts, today);
        if (!debit) return;
        expect(debit.on >= facts.debitOn!).toBe(true);
        expect(['open', 'overdue']).toContain(invoice.state);
        expect(debit.cents).toBe(invoice.openCents);
      }),
    );
  });

  it('is done once an agent records what each document has open', () => {
    fc.assert(
      fc.property(consistent, day, (facts, today) => {
        const ledger = ledgerState(facts, today);
        let recorded: LedgerFacts = facts;
        if (recordsMoney('invoice', ledger.invoice.state) && facts.payment === null) {
          recorded = { ...recorded, payment: { receivedOn: today, cents: ledger.invoice.openCents } };
        }
        const afterPayment = ledgerState(recorded, today);
        recorded = {
          ...recorded,
          credits: recorded.credits.map((credit, index) =>
            recordsMoney('cancellation', afterPayment.credits[index]!.state) ? { ...credit, refund: { receivedOn: today, cents: afterPayment.credits[index]!.openCents } } : credit,
          ),
        };
        // Only ledgers whose recorded money was what was open then (as recordPayment stores it).
        fc.pre(facts.payment === null && facts.credits.every((credit) => credit.refund === null));
        const done = ledgerState(recorded, today);
        for (const own of [done.invoice, ...done.credits]) expect(DONE_STATES).toContain(own.state);
      }),
    );
  });
});
