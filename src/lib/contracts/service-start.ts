import { germanDate } from '../forms/dates.ts';
import type { CustomerType } from '../schemas/order.ts';
import { addDays, type IsoDay } from './ends.ts';
import { daysPeriodEnd } from './working-days.ts';

/**
 * When the services of an order begin (issue 20, docs/decisions/0034-early-start-choice.md; since
 * issue 33, docs/decisions/0053-order-acceptance.md, counted from our acceptance). A consumer
 * chooses: with the request of an early start (and the acknowledgement that goes with it) we begin
 * on the day the contract is concluded; without it we begin only once the withdrawal period has
 * ended, so nothing is performed while the consumer can still withdraw free of charge. Businesses
 * have no right of withdrawal and are served at once. The checkout, the order, the contracts' first
 * day, the mails, the PDF and the agents all read the day from here.
 */

/** § 355 Abs. 2 BGB. */
export const WITHDRAWAL_DAYS = 14;

/** § 312g BGB gives consumers only the right of withdrawal: checkout, mail and PDF say so to businesses. */
export const NO_WITHDRAWAL_FOR_BUSINESSES = 'Als Unternehmer steht Ihnen kein Widerrufsrecht zu (§ 10 Abs. 2 unserer AGB).';

/**
 * The last day of the withdrawal period of a contract concluded on `concludedOn` – the day we
 * accepted the order (§ 3 AGB). The 14 days start with the conclusion (§ 355 Abs. 2 Satz 2 BGB),
 * that day itself not counted (§ 187 Abs. 1 BGB), and end on a working day (§§ 188 Abs. 1, 193 BGB).
 */
export function withdrawalPeriodEnd(concludedOn: IsoDay): IsoDay {
  return daysPeriodEnd(concludedOn, WITHDRAWAL_DAYS);
}

export interface StartChoice {
  customerType: CustomerType;
  /** The consumer asked us to begin before the withdrawal period ends (§ 356 Abs. 4, § 357a Abs. 2 BGB). */
  earlyStart: boolean;
}

/** Whether the services begin only after the withdrawal period. */
const startsAfterWithdrawalPeriod = (choice: StartChoice): boolean => choice.customerType === 'consumer' && !choice.earlyStart;

/** The first day of the services (and so of every contract) of an order accepted on `concludedOn`. */
export function servicesStartOn(concludedOn: IsoDay, choice: StartChoice): IsoDay {
  return startsAfterWithdrawalPeriod(choice) ? addDays(withdrawalPeriodEnd(concludedOn), 1) : concludedOn;
}

/**
 * When the services begin, as the order's records say it after 'Leistungsbeginn:':
 * 'am 10.12.2026, nach Ablauf der Widerrufsfrist' or 'sofort, am 24.11.2026 …'.
 */
export function servicesStartText(choice: StartChoice, startsOn: IsoDay): string {
  if (startsAfterWithdrawalPeriod(choice)) return `am ${germanDate(startsOn)}, nach Ablauf der Widerrufsfrist`;
  return choice.customerType === 'consumer'
    ? `sofort, am ${germanDate(startsOn)} – auf Ihr Verlangen vor Ablauf der Widerrufsfrist`
    : `sofort, am ${germanDate(startsOn)}`;
}

/**
 * The same before we have accepted an order we review: the day is not known yet, only how it
 * follows from the acceptance – 'mit unserer Annahme' or, for a consumer without the early start,
 * 'nach Ablauf der Widerrufsfrist von 14 Tagen ab unserer Annahme'.
 */
export function servicesStartPendingText(choice: StartChoice): string {
  if (startsAfterWithdrawalPeriod(choice)) return `nach Ablauf der Widerrufsfrist von ${WITHDRAWAL_DAYS} Tagen ab unserer Annahme`;
  return choice.customerType === 'consumer' ? 'sofort mit unserer Annahme – auf Ihr Verlangen vor Ablauf der Widerrufsfrist' : 'sofort mit unserer Annahme';
}
