import { describe, expect, it } from 'vitest';
import { cancellationReceipt, customerCancellationReceipt } from '../../../src/lib/schemas/forms/cancellation-receipt.ts';
import { receiptMailSentence } from '../../../src/lib/schemas/forms/common.ts';
import { withdrawalReceipt } from '../../../src/lib/schemas/forms/withdrawal.ts';

/** Decision 0042: a receipt page claims a receipt mail only when one was queued. */
describe('receipt pages and the receipt mail', () => {
  it('name the address a receipt went to, or say that it follows after a look', () => {
    expect(receiptMailSentence(true, 'a@example.test')).toBe('Wir haben Ihnen eine Eingangsbestätigung an a@example.test gesendet.');
    const held = receiptMailSentence(false, 'a@example.test');
    expect(held).toContain('An a@example.test haben wir heute schon mehrere E-Mails gesendet.');
    expect(held).toContain('Wir senden sie Ihnen, sobald wir den Eingang geprüft haben.');
    expect(held).not.toContain('Wir haben Ihnen eine Eingangsbestätigung');
  });

  it('a cancellation is effective on receipt either way; the identity link is promised only with a mail that carries it', () => {
    const mailed = cancellationReceipt(' gast@example.test ', true, 'regular').lead;
    expect(mailed).toBe(
      'Ihre Kündigung ist mit dem Eingang bei uns wirksam. Das Vertragsende berechnen wir ab dem Tag des Eingangs. ' +
        'Wir haben Ihnen eine Eingangsbestätigung an gast@example.test gesendet. ' +
        'Den Vertrag ändern wir erst, wenn wir wissen, dass die Kündigung vom Vertragsinhaber stammt: Bitte bestätigen Sie sie mit dem Link in der E-Mail. ' +
        'Ohne diese Bestätigung prüfen wir die Kündigung von Hand; das dauert länger. ' +
        'Sobald wir sie bearbeitet haben, bestätigen wir Ihnen das Vertragsende per E-Mail.',
    );
    const held = cancellationReceipt('gast@example.test', false, 'regular').lead;
    expect(held).toMatch(/^Ihre Kündigung ist mit dem Eingang bei uns wirksam\. Das Vertragsende berechnen wir ab dem Tag des Eingangs\. An gast@example\.test haben wir heute schon/);
    expect(held).not.toContain('Link');
    expect(held).toContain('Den Vertrag ändern wir erst, wenn wir geprüft haben, dass die Kündigung vom Vertragsinhaber stammt.');
  });

  it('an extraordinary cancellation is a request: no end from the receipt day, our decision follows', () => {
    const lead = cancellationReceipt('gast@example.test', true, 'extraordinary').lead;
    expect(lead).not.toContain('ab dem Tag des Eingangs');
    expect(lead).toMatch(/Über eine außerordentliche Kündigung und das Vertragsende entscheiden wir nach Prüfung des Grundes und teilen Ihnen die Entscheidung per E-Mail mit\.$/);
  });

  it("a customer's page names the own contract, or says that we assign it by hand", () => {
    const contract = { contractNumber: 'V-000042', name: 'Webapp Basis', endsOn: '2027-05-14' };
    expect(customerCancellationReceipt(true, contract, 'regular').lead).toBe(
      'Ihre Kündigung ist mit dem Eingang bei uns wirksam. Wir haben Ihnen eine Eingangsbestätigung an die E-Mail-Adresse Ihres Kundenkontos gesendet. ' +
        'Sobald wir sie bearbeitet haben, bestätigen wir Ihnen das Vertragsende per E-Mail.',
    );
    expect(customerCancellationReceipt(true, null, 'regular').lead).toContain('Wir prüfen sie von Hand');
    expect(customerCancellationReceipt(false, contract, 'regular').lead).toContain('An die E-Mail-Adresse Ihres Kundenkontos haben wir heute schon');
    expect(customerCancellationReceipt(true, { ...contract, endsOn: null }, 'extraordinary').lead).toContain('entscheiden wir nach Prüfung des Grundes');
  });

  it('a withdrawal is effective on receipt either way; it changes an order once confirmed, or at once for its logged-in orderer', () => {
    expect(withdrawalReceipt('w@example.test', true).lead).toBe(
      'Ihr Widerruf ist mit dem Eingang bei uns wirksam. Wir haben Ihnen eine Eingangsbestätigung an w@example.test gesendet. ' +
        'Die Bestellung machen wir erst rückgängig, wenn wir wissen, dass der Widerruf vom Besteller stammt: Bitte bestätigen Sie ihn mit dem Link in der E-Mail. ' +
        'Ohne diese Bestätigung prüfen wir ihn von Hand; das dauert länger. Wir melden uns zur Rückabwicklung des Vertrags bei Ihnen.',
    );
    expect(withdrawalReceipt('w@example.test', false).lead).toMatch(/^Ihr Widerruf ist mit dem Eingang bei uns wirksam\. An w@example\.test haben wir heute schon/);
    expect(withdrawalReceipt('w@example.test', false).lead).not.toContain('Link');
    expect(withdrawalReceipt('w@example.test', true, ['KW-000042']).lead).toContain('Die Verträge der widerrufenen Bestellung enden mit dem Tag des Eingangs');
  });
});
