import { germanDate } from '../../forms/dates.ts';
import { receiptMailSentence, type ReceiptText, type SummaryLine } from './common.ts';

/**
 * What a cancellation's receipt says (§ 312k Abs. 3, 4 BGB; decisions 0042, 0054): effective on
 * receipt, the end counted from the day of receipt – but the contract changes only once the
 * cancellation is attributable to its owner. The page with and without JavaScript and the mails
 * use these sentences, so they never differ.
 */

export type CancellationType = 'regular' | 'extraordinary';

/** § 312k Abs. 2 BGB: the declaration counts when it arrives. */
export const CANCELLATION_EFFECTIVE = 'Ihre Kündigung ist mit dem Eingang bei uns wirksam.';

/** An ordinary cancellation: the end follows from the contract, counted from the day it arrived. */
const END_FROM_RECEIPT = 'Das Vertragsende berechnen wir ab dem Tag des Eingangs.';

/** An extraordinary cancellation is a request: it needs an important reason, which an agent weighs. */
export const EXTRAORDINARY_DECISION =
  'Über eine außerordentliche Kündigung und das Vertragsende entscheiden wir nach Prüfung des Grundes und teilen Ihnen die Entscheidung per E-Mail mit.';

/** Why the identity link: anybody can type an address, so a public declaration changes nothing by itself. */
const CONFIRM_BEFORE_CHANGE =
  'Den Vertrag ändern wir erst, wenn wir wissen, dass die Kündigung vom Vertragsinhaber stammt: Bitte bestätigen Sie sie mit dem Link in der E-Mail. Ohne diese Bestätigung prüfen wir die Kündigung von Hand; das dauert länger.';

/** The same when the receipt (and with it the link) was held back by the daily cap. */
const CHECKED_BEFORE_CHANGE = 'Den Vertrag ändern wir erst, wenn wir geprüft haben, dass die Kündigung vom Vertragsinhaber stammt.';

const CONFIRMED_BY_MAIL = 'Sobald wir sie bearbeitet haben, bestätigen wir Ihnen das Vertragsende per E-Mail.';

const TITLE = 'Ihre Kündigung ist bei uns eingegangen';

const lead = (sentences: (string | false)[]) => sentences.filter(Boolean).join(' ');

/**
 * A visitor's receipt page (the public form, with and without JavaScript). It names no contract,
 * number or date the sender did not type: only the mail to the address on record does.
 */
export function cancellationReceipt(email: string, confirmationMailed: boolean, type: CancellationType): ReceiptText {
  return {
    title: TITLE,
    lead: lead([
      CANCELLATION_EFFECTIVE,
      type === 'regular' && END_FROM_RECEIPT,
      receiptMailSentence(confirmationMailed, email.trim()),
      confirmationMailed ? CONFIRM_BEFORE_CHANGE : CHECKED_BEFORE_CHANGE,
      type === 'regular' ? CONFIRMED_BY_MAIL : EXTRAORDINARY_DECISION,
    ]),
  };
}

/** The contract a cancellation names, as the receipt names it to whom may read it. */
export interface CancelledContract {
  contractNumber: string;
  name: string;
  /** The last day, computed by src/lib/contracts/ends.ts for the day of receipt; null while an agent decides (extraordinary). */
  endsOn: string | null;
}

/**
 * A logged-in customer's receipt page (customer area, or the public form while logged in): a
 * contract of their own account changed with it (attribution 'account'), so page and mail name it.
 */
export function customerCancellationReceipt(confirmationMailed: boolean, contract: CancelledContract | null, type: CancellationType): ReceiptText {
  const mail = receiptMailSentence(confirmationMailed, 'die E-Mail-Adresse Ihres Kundenkontos');
  if (contract === null) {
    return {
      title: TITLE,
      lead: lead([
        CANCELLATION_EFFECTIVE,
        mail,
        'Keinem Ihrer laufenden Verträge konnten wir sie eindeutig zuordnen: Wir prüfen sie von Hand und teilen Ihnen das Vertragsende per E-Mail mit.',
      ]),
    };
  }
  return { title: TITLE, lead: lead([CANCELLATION_EFFECTIVE, mail, type === 'regular' ? CONFIRMED_BY_MAIL : EXTRAORDINARY_DECISION]) };
}

/** The lines of a contract the owner's cancellation changed (receipt page, mail, identity page). */
export function contractEndLines(contract: CancelledContract): SummaryLine[] {
  return [
    ['Gekündigter Vertrag', `${contract.name} (Vertragsnummer ${contract.contractNumber})`],
    contract.endsOn === null
      ? ['Vertragsende', 'Darüber entscheiden wir nach Prüfung Ihres Kündigungsgrundes und teilen es Ihnen per E-Mail mit.']
      : ['Der Vertrag endet am', germanDate(contract.endsOn)],
  ];
}

/**
 * What only the visitor's receipt mail names: the contract under the address on record that the
 * declaration fits, and the end it would get – once the cancellation is confirmed.
 */
export function candidateContractLines(contract: CancelledContract | null): SummaryLine[] {
  if (contract === null) {
    return [['Betroffener Vertrag', 'Zu Ihren Angaben passt kein laufender Vertrag dieser E-Mail-Adresse eindeutig. Wir prüfen Ihre Kündigung von Hand.']];
  }
  return [
    ['Betroffener Vertrag', `${contract.name} (Vertragsnummer ${contract.contractNumber})`],
    contract.endsOn === null
      ? ['Vertragsende', 'Darüber entscheiden wir nach Prüfung Ihres Kündigungsgrundes.']
      : ['Vertragsende', `${germanDate(contract.endsOn)} – gilt, sobald die Kündigung bestätigt ist`],
  ];
}
