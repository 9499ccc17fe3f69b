import { describe, expect, it } from 'vitest';
import { creditSettlement, invoiceState, ledgerState, type CreditFacts, type LedgerFacts } from '../../../../src/features/billing/state.ts';

/**
 * Issue 34: one state for an invoice and its cancellation invoices, from the facts of their ledger
 * (docs/decisions/0058-invoice-state.md). The amounts are the issue's: a 540,00 € invoice, withdrawn
 * after two days of service, credited 537,02 €.
 */

const invoice = (facts: Partial<LedgerFacts> = {}): LedgerFacts => ({
  number: 'RE-000100',
  totalCents: 54_000,
  dueOn: '2026-12-11',
  paymentMethod: 'transfer',
  debitOn: null,
  payment: null,
  submittedDebit: null,
  credits: [],
  ...facts,
});
const credit = (facts: Partial<CreditFacts> = {}): CreditFacts => ({
  number: 'RE-000101',
  totalCents: 53_702,
  issuedOn: '2026-12-03',
  dueOn: '2026-12-13',
  refund: null,
  ...facts,
});

describe('invoiceState of an invoice', () => {
  it('is open until its due day, overdue after it, with the whole amount open', () => {
    expect(invoiceState(invoice(), 'RE-000100', '2026-12-11')).toEqual({ state: 'open', openCents: 54_000 });
    expect(invoiceState(invoice(), 'RE-000100', '2026-12-12')).toEqual({ state: 'overdue', openCents: 54_000 });
  });

  it('is settled once the payment of what was open is recorded', () => {
    expect(invoiceState(invoice({ payment: { receivedOn: '2026-12-05', cents: 54_000 } }), 'RE-000100', '2026-12-20')).toEqual({ state: 'settled', openCents: 0 });
  });

  it('withdrawn before payment: still owes what the cancellation invoice leaves, which credits (verrechnet) and refunds nothing', () => {
    const withdrawn = invoice({ credits: [credit()] });
    expect(ledgerState(withdrawn, '2026-12-05')).toEqual({ invoice: { state: 'open', openCents: 298 }, credits: [{ state: 'offset', openCents: 0 }], debit: null });
    // Paying the rest settles it.
    expect(invoiceState({ ...withdrawn, payment: { receivedOn: '2026-12-06', cents: 298 } }, 'RE-000100', '2026-12-20')).toEqual({ state: 'settled', openCents: 0 });
  });

  it('credited in full before any money: cancelled, nothing to pay or refund', () => {
    expect(ledgerState(invoice({ credits: [credit({ totalCents: 54_000 })] }), '2026-12-20')).toMatchObject({
      invoice: { state: 'cancelled', openCents: 0 },
      credits: [{ state: 'offset', openCents: 0 }],
    });
  });

  it('withdrawn after payment: the credit is owed back until its refund is recorded', () => {
    const paid = invoice({ payment: { receivedOn: '2026-12-02', cents: 54_000 }, credits: [credit()] });
    expect(ledgerState(paid, '2026-12-05')).toMatchObject({ invoice: { state: 'refund-due', openCents: 53_702 }, credits: [{ state: 'refund-due', openCents: 53_702 }] });
    const refunded = { ...paid, credits: [credit({ refund: { receivedOn: '2026-12-08', cents: 53_702 } })] };
    expect(ledgerState(refunded, '2026-12-20')).toMatchObject({ invoice: { state: 'settled', openCents: 0 }, credits: [{ state: 'refunded', openCents: 0 }] });
    const whole = invoice({ payment: { receivedOn: '2026-12-02', cents: 54_000 }, credits: [credit({ totalCents: 54_000, refund: { receivedOn: '2026-12-08', cents: 54_000 } })] });
    expect(invoiceState(whole, 'RE-000100', '2026-12-20')).toEqual({ state: 'refunded', openCents: 0 });
  });

  it('refunds only the credit that came after the payment: an earlier one had already lowered what was paid', () => {
    const facts = invoice({
      payment: { receivedOn: '2026-12-06', cents: 44_000 },
      credits: [credit({ totalCents: 10_000 }), credit({ number: 'RE-000102', totalCents: 4_000, issuedOn: '2026-12-09' })],
    });
    expect(ledgerState(facts, '2026-12-10')).toMatchObject({
      invoice: { state: 'refund-due', openCents: 4_000 },
      credits: [
        { state: 'offset', openCents: 0 },
        { state: 'refund-due', openCents: 4_000 },
      ],
    });
  });

  it('owes nothing for an invoice of 0,00 €', () => {
    expect(invoiceState(invoice({ totalCents: 0 }), 'RE-000100', '2026-12-20')).toEqual({ state: 'settled', openCents: 0 });
  });
});

describe('invoiceState with a SEPA direct debit', () => {
  const sepa = (facts: Partial<LedgerFacts> = {}) => invoice({ paymentMethod: 'sepa', debitOn: '2026-12-11', ...facts });

  it('announces the debit of the whole amount on the pre-notified day, and is not overdue before it', () => {
    expect(ledgerState(sepa(), '2026-12-11')).toEqual({ invoice: { state: 'open', openCents: 54_000 }, credits: [], debit: { cents: 54_000, on: '2026-12-11' } });
  });

  it('collects less after a cancellation invoice, not sooner than five days after its new pre-notification', () => {
    expect(ledgerState(sepa({ credits: [credit({ issuedOn: '2026-12-03' })] }), '2026-12-05').debit).toEqual({ cents: 298, on: '2026-12-11' });
    expect(ledgerState(sepa({ credits: [credit({ issuedOn: '2026-12-09' })] }), '2026-12-09').debit).toEqual({ cents: 298, on: '2026-12-14' });
    // Not overdue while the moved debit is still to come.
    expect(invoiceState(sepa({ credits: [credit({ issuedOn: '2026-12-09' })] }), 'RE-000100', '2026-12-13').state).toBe('open');
    // Credited in full: nothing is collected.
    expect(ledgerState(sepa({ credits: [credit({ totalCents: 54_000 })] }), '2026-12-05')).toMatchObject({ invoice: { state: 'cancelled' }, debit: null });
  });

  it('is being debited once in a file for the bank; a credit after it is refunded after the collection', () => {
    const submitted = sepa({ submittedDebit: { cents: 54_000, exportId: 3 } });
    expect(ledgerState(submitted, '2026-12-20')).toEqual({ invoice: { state: 'debiting', openCents: 54_000 }, credits: [], debit: null });
    expect(ledgerState({ ...submitted, credits: [credit()] }, '2026-12-20')).toMatchObject({ invoice: { state: 'debiting' }, credits: [{ state: 'refund-due', openCents: 53_702 }] });
    // The collection recorded: the refund is still owed.
    expect(invoiceState({ ...submitted, payment: { receivedOn: '2026-12-12', cents: 54_000 }, credits: [credit()] }, 'RE-000100', '2026-12-20')).toEqual({
      state: 'refund-due',
      openCents: 53_702,
    });
  });
});

describe('creditSettlement: what a new cancellation invoice says about the money', () => {
  it('unpaid: settled insofar, the rest still to pay by the invoice’s due day', () => {
    expect(creditSettlement(invoice({ credits: [credit()] }), '2026-12-03')).toEqual({ kind: 'offset', remainingCents: 298, dueOn: '2026-12-11', debit: null });
    expect(creditSettlement(invoice({ credits: [credit({ totalCents: 54_000 })] }), '2026-12-03')).toEqual({ kind: 'offset', remainingCents: 0, dueOn: '2026-12-11', debit: null });
  });

  it('unpaid SEPA: the changed debit to announce anew, or none', () => {
    const sepa = invoice({ paymentMethod: 'sepa', debitOn: '2026-12-11', credits: [credit({ issuedOn: '2026-12-09' })] });
    expect(creditSettlement(sepa, '2026-12-09')).toEqual({ kind: 'offset', remainingCents: 298, dueOn: '2026-12-11', debit: { cents: 298, on: '2026-12-14' } });
  });

  it('paid: the refund; debited in a file: the refund after the collection', () => {
    expect(creditSettlement(invoice({ payment: { receivedOn: '2026-12-02', cents: 54_000 }, credits: [credit()] }), '2026-12-03')).toEqual({
      kind: 'refund',
      refundCents: 53_702,
      offsetCents: 0,
      debitInFile: false,
    });
    expect(creditSettlement(invoice({ paymentMethod: 'sepa', debitOn: '2026-12-11', submittedDebit: { cents: 54_000, exportId: 1 }, credits: [credit()] }), '2026-12-03')).toEqual({
      kind: 'refund',
      refundCents: 53_702,
      offsetCents: 0,
      debitInFile: true,
    });
  });
});
