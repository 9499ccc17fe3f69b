import { describe, expect, it } from 'vitest';
import { cancellationReceipt, customerCancellationReceipt } from '../../../src/lib/schemas/forms/cancellation.ts';
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
    const mailed = cancellationReceipt(' gast@example.test ', true).lead;
    expect(mailed).toMatch(/^Ihre Kündigung ist mit dem Eingang bei uns wirksam\. Wir haben Ihnen eine Eingangsbestätigung an gast@example\.test gesendet\. Darin können Sie mit einem Link bestätigen/);
    const held = cancellationReceipt('gast@example.test', false).lead;
    expect(held).toMatch(/^Ihre Kündigung ist mit dem Eingang bei uns wirksam\. An gast@example\.test haben wir heute schon/);
    expect(held).not.toContain('Link');
    expect(held).toMatch(/bestätigen wir Ihnen das Vertragsende per E-Mail\.$/);

    expect(customerCancellationReceipt(true, true).lead).not.toContain('Link');
    expect(customerCancellationReceipt(false, true).lead).toContain('an die E-Mail-Adresse Ihres Kundenkontos gesendet. Darin können Sie mit einem Link');
    expect(customerCancellationReceipt(false, false).lead).toContain('An die E-Mail-Adresse Ihres Kundenkontos haben wir heute schon');
  });

  it('a withdrawal is effective on receipt either way', () => {
    expect(withdrawalReceipt('w@example.test', true).lead).toBe(
      'Ihr Widerruf ist mit dem Eingang bei uns wirksam. Wir haben Ihnen eine Eingangsbestätigung an w@example.test gesendet. Wir melden uns zur Rückabwicklung des Vertrags bei Ihnen.',
    );
    expect(withdrawalReceipt('w@example.test', false).lead).toMatch(/^Ihr Widerruf ist mit dem Eingang bei uns wirksam\. An w@example\.test haben wir heute schon/);
  });
});
