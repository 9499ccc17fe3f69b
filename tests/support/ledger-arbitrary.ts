import fc from 'fast-check';
import { addDays } from '../../src/lib/contracts/ends.ts';
import type { CreditFacts, LedgerFacts, RecordedMoney } from '../../src/features/billing/state.ts';

/**
 * Generated ledgers for the properties of src/features/billing/state.ts and for the proof that its
 * SQL form (server/state-sql.ts) agrees: amounts from a few values, so sums meet exactly (paid in
 * full, credited in full) as often as they miss, and days around one base day, so due days,
 * debit days and today fall before, on and after each other.
 */

const BASE = '2026-12-01';
const day = fc.integer({ min: -20, max: 20 }).map((offset) => addDays(BASE, offset));
const cents = fc.oneof(fc.constantFrom(0, 298, 1000, 11_900, 53_702, 54_000), fc.integer({ min: 0, max: 60_000 }));
const money: fc.Arbitrary<RecordedMoney | null> = fc.option(fc.record({ receivedOn: day, cents }), { nil: null });

export interface LedgerCase {
  facts: LedgerFacts;
  /** A document of the ledger: the invoice or one of its cancellation invoices. */
  number: string;
  today: string;
}

export const ledgerFacts: fc.Arbitrary<LedgerFacts> = fc
  .record({
    totalCents: cents,
    dueOn: day,
    paymentMethod: fc.constantFrom('transfer' as const, 'sepa' as const, 'paypal' as const),
    debitOn: fc.option(day, { nil: null }),
    payment: money,
    submittedDebit: fc.option(fc.record({ cents, exportId: fc.integer({ min: 1, max: 9 }) }), { nil: null }),
    credits: fc.array(fc.record({ totalCents: cents, issuedOn: day, dueOn: day, refund: money }), { maxLength: 4 }),
  })
  .map(({ credits, ...invoice }) => ({
    ...invoice,
    number: 'RE-000100',
    credits: credits.map((credit, index): CreditFacts => ({ ...credit, number: `RE-00010${index + 1}` })),
  }));

export const ledgerCase: fc.Arbitrary<LedgerCase> = ledgerFacts.chain((facts) =>
  fc.record({ facts: fc.constant(facts), number: fc.constantFrom(facts.number, ...facts.credits.map((credit) => credit.number)), today: day }),
);
