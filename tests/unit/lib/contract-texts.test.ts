import { describe, expect, it } from 'vitest';
import { cancellationReceiptLines } from '../../../src/lib/contracts/cancellation-answer.ts';
import { contractStatusText, pendingCancellationText } from '../../../src/lib/contracts/status.ts';
import { minimumTermText, periodPriceText, serviceText } from '../../../src/lib/contracts/texts.ts';

/** How the customer area and the cancellation receipt word a contract (issue 19, decision 0030). */

describe('contract texts', () => {
  it('prices a consumer contract gross and a business contract net, per billing period', () => {
    expect(periodPriceText({ periodCents: 54000, priceBasis: 'gross', billingMonths: 6, vatPercent: 19 })).toBe('540,00\u00a0€ je 6 Monate inkl. 19\u00a0% USt.');
    expect(periodPriceText({ periodCents: 45378, priceBasis: 'net', billingMonths: 12, vatPercent: 19 })).toBe('453,78\u00a0€ netto jährlich zzgl. 19\u00a0% USt.');
    expect(periodPriceText({ periodCents: 9520, priceBasis: 'gross', billingMonths: 1, vatPercent: 19 })).toBe('95,20\u00a0€ monatlich inkl. 19\u00a0% USt.');
  });

  it('names the service with its quantity and the minimum term with its last day', () => {
    expect(serviceText({ name: 'Webapp Basis (6 Monate)', quantity: 1 })).toBe('Webapp Basis (6 Monate)');
    expect(serviceText({ name: 'Domain .de', quantity: 2 })).toBe('2 × Domain .de');
    expect(minimumTermText({ minimumMonths: 12, minimumTermEnd: '2027-11-23' })).toBe('1 Jahr, bis 23.11.2027');
  });

  it('says that a contract begins later, runs, is cancelled or has ended (decision 0034: a start after the withdrawal period)', () => {
    const today = '2026-11-24';
    expect(contractStatusText({ startsOn: '2026-12-11', endsOn: null }, today)).toBe('beginnt am 11.12.2026');
    expect(contractStatusText({ startsOn: today, endsOn: null }, today)).toBe('läuft');
    expect(contractStatusText({ startsOn: '2026-12-11', endsOn: '2027-06-10' }, today)).toBe('gekündigt zum 10.06.2027');
    expect(contractStatusText({ startsOn: '2026-01-10', endsOn: '2026-11-23' }, today)).toBe('beendet am 23.11.2026');
  });
});

describe('cancellationReceiptLines', () => {
  const lines = [
    ['Vertrag', 'Webapp Basis (6 Monate)'],
    ['Art der Kündigung', 'Ordentliche Kündigung'],
  ] as const;
  const receipt = { id: 7, receivedAt: '2026-11-24T10:00:00Z', confirmationMailed: true };

  it('adds the contract the server matched and the end it computed, as the receipt mail does', () => {
    const contract = { contractNumber: 'V-000042', name: 'Webapp Basis (6 Monate)', endsOn: '2027-05-14' };
    expect(cancellationReceiptLines({ ...receipt, contract }, lines)).toEqual([
      ...lines,
      ['Gekündigter Vertrag', 'Webapp Basis (6 Monate) (Vertragsnummer V-000042)'],
      ['Der Vertrag endet am', '14.05.2027'],
    ]);
  });

  it('says that an agent decides the end of an extraordinary cancellation', () => {
    const contract = { contractNumber: 'V-000042', name: 'Webapp Basis (6 Monate)', endsOn: null };
    expect(cancellationReceiptLines({ ...receipt, contract }, lines).at(-1)).toEqual([
      'Vertragsende',
      'Darüber entscheiden wir nach Prüfung Ihres Kündigungsgrundes und teilen es Ihnen per E-Mail mit.',
    ]);
  });

  it('adds nothing to what was typed when no contract of the sender changed (decision 0054)', () => {
    expect(cancellationReceiptLines({ ...receipt, contract: null }, lines)).toEqual(lines);
  });
});

describe('pendingCancellationText', () => {
  it('says that a cancellation awaits its confirmation, or an extraordinary one our decision', () => {
    expect(pendingCancellationText({ receivedOn: '2026-11-28', type: 'regular', attributed: false })).toBe(
      'Kündigung vom 28.11.2026 eingegangen – Bestätigung ausstehend',
    );
    expect(pendingCancellationText({ receivedOn: '2026-11-28', type: 'extraordinary', attributed: false })).toBe(
      'Außerordentliche Kündigung vom 28.11.2026 eingegangen – Bestätigung ausstehend',
    );
    expect(pendingCancellationText({ receivedOn: '2026-11-28', type: 'extraordinary', attributed: true })).toBe(
      'Außerordentliche Kündigung vom 28.11.2026 – Entscheidung ausstehend',
    );
  });
});
