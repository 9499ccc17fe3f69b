import { describe, expect, it } from 'vitest';
import { legalPlaceholders } from '../../../src/lib/legal.ts';
import { site } from '../../../src/config/site.ts';
import { mailedOrigin, namedWithdrawalAddress, withdrawalAddressVerdict } from '../../../scripts/deploy-parity/withdrawal-address.ts';

/** The deploy check of the Belehrung's address (scripts/deploy-parity.ts, issue 35). */
describe('the withdrawal-address deploy check', () => {
  const origin = 'https://www.kraus-webentwicklung.de';
  const page = (at: string) =>
    `<p>… unter der Internetadresse ${legalPlaceholders(site, at)['online-widerrufsformular']}. Machen Sie …</p>`;
  const form = { status: 200, body: '<main><h1 class="x">Online-Widerrufsformular</h1><form>…</form></main>' };

  it('reads the address the built Belehrung names and the origin the functions mail', () => {
    expect(namedWithdrawalAddress(page(origin))).toBe(`${origin}/online-widerrufsformular`);
    expect(mailedOrigin(`Bitte bestätigen Sie: ${origin}/konto-bestaetigen/abc_12-3\n`)).toBe(origin);
  });

  it('passes when the Belehrung names the functions’ origin and the form answers there', () => {
    expect(withdrawalAddressVerdict({ named: namedWithdrawalAddress(page(origin)), functionsOrigin: origin, form })).toEqual({
      ok: true,
      detail: `${origin}/online-widerrufsformular → 200`,
    });
  });

  it('fails on a wrong address: another origin than the PDF and the mails name, none at all, or no form there', () => {
    const local = namedWithdrawalAddress(page('http://127.0.0.1:4321'));
    expect(withdrawalAddressVerdict({ named: local, functionsOrigin: origin, form }).ok).toBe(false);
    expect(withdrawalAddressVerdict({ named: undefined, functionsOrigin: origin, form }).ok).toBe(false);
    expect(withdrawalAddressVerdict({ named: `${origin}/widerrufsformular`, functionsOrigin: origin, form }).ok).toBe(false);
    expect(withdrawalAddressVerdict({ named: `${origin}/online-widerrufsformular`, functionsOrigin: origin, form: { status: 404, body: 'Nicht gefunden' } }).ok).toBe(false);
  });
});
