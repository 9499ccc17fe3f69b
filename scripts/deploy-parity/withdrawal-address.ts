import { WITHDRAWAL_FORM_PATH } from '../../src/lib/legal.ts';

/**
 * The deploy check of the Widerrufsbelehrung's address (issue 35, decision 0067): the page must name
 * the online withdrawal form (§ 356a BGB) at the origin the deployment's functions link to – the
 * one the contract confirmation PDF and the mails name – and that address must answer with the form.
 */

/** The address the built Belehrung names ('… unter der Internetadresse <a href="…">'), if any. */
export function namedWithdrawalAddress(pageHtml: string): string | undefined {
  return /unter der Internetadresse <a href="([^"]+)"/u.exec(pageHtml)?.[1];
}

/** The origin of the links the functions put into mails (a confirmation link), if any. */
export function mailedOrigin(mailText: string): string | undefined {
  return /(https?:\/\/[^\s/]+)\/konto-bestaetigen\//u.exec(mailText)?.[1];
}

export interface WithdrawalAddressFacts {
  /** The address the Belehrung names. */
  named: string | undefined;
  /** The origin the functions link to. */
  functionsOrigin: string | undefined;
  /** What the deployment answers under the named address's path. */
  form: { status: number; body: string } | undefined;
}

/** Whether the Belehrung names the right address and the deployment answers there with the form; in words for the table. */
export function withdrawalAddressVerdict({ named, functionsOrigin, form }: WithdrawalAddressFacts): { ok: boolean; detail: string } {
  if (!named) return { ok: false, detail: 'Belehrung nennt keine Adresse' };
  const url = URL.parse(named);
  if (!url) return { ok: false, detail: `ungültige Adresse ${named}` };
  if (url.origin !== functionsOrigin) return { ok: false, detail: `${named}, Funktionen verlinken ${functionsOrigin ?? '?'}` };
  if (url.pathname !== WITHDRAWAL_FORM_PATH) return { ok: false, detail: `${named}: nicht ${WITHDRAWAL_FORM_PATH}` };
  if (!form || form.status !== 200 || !/<h1[^>]*>\s*Online-Widerrufsformular\s*</u.test(form.body)) {
    return { ok: false, detail: `${named} antwortet ${form?.status ?? 'nicht'} ohne das Formular` };
  }
  return { ok: true, detail: `${named} → 200` };
}
