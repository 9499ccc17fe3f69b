import { germanDate } from '../forms/dates.ts';
import type { CustomerType } from '../schemas/order.ts';
import { addDays, type IsoDay } from './ends.ts';
import { daysPeriodEnd } from './working-days.ts';

/**
 * When the services of an order begin (issue 20, docs/decisions/0034-early-start-choice.md). A
 * consumer chooses: with the request of an early start (and the acknowledgement that goes with it)
 * we begin on the day of the order; without it we begin only once the withdrawal period has
 * surely ended, so nothing is performed while the consumer can still withdraw free of charge.
 * Businesses have no right of withdrawal and are served at once. The checkout, the order, the
 * contracts' first day, the mail, the PDF and the agents all read the day from here.
 */

/** § 3 Abs. 4 AGB: we accept an order within 2 days; the contract is concluded with the acceptance. */
export const ACCEPTANCE_DAYS = 2;
/** § 355 Abs. 2 BGB. */
export const WITHDRAWAL_DAYS = 14;

/** § 312g BGB gives consumers only the right of withdrawal: checkout, mail and PDF say so to businesses. */
export const NO_WITHDRAWAL_FOR_BUSINESSES = 'Als Unternehmer steht Ihnen kein Widerrufsrecht zu (§ 10 Abs. 2 unserer AGB).';

/**
 * The latest last day of the withdrawal period of an order placed on `orderedOn`. The period of 14
 * days starts with the conclusion of the contract (§ 355 Abs. 2 Satz 2 BGB), i.e. with our
 * acceptance, which may come up to the end of the acceptance period; both periods end on a
 * working day (§ 193 BGB).
 */
export function withdrawalPeriodEnd(orderedOn: IsoDay): IsoDay {
  return daysPeriodEnd(daysPeriodEnd(orderedOn, ACCEPTANCE_DAYS), WITHDRAWAL_DAYS);
}

export interface StartChoice {
  customerType: CustomerType;
  /** The consumer asked us to begin before the withdrawal period ends (§ 356 Abs. 4, § 357a Abs. 2 BGB). */
  earlyStart: boolean;
}

/** Whether the services begin only after the withdrawal period. */
const startsAfterWithdrawalPeriod = (choice: StartChoice): boolean => choice.customerType === 'consumer' && !choice.earlyStart;

/** The first day of the services (and so of every contract) of an order placed on `orderedOn`. */
export function servicesStartOn(orderedOn: IsoDay, choice: StartChoice): IsoDay {
  return startsAfterWithdrawalPeriod(choice) ? addDays(withdrawalPeriodEnd(orderedOn), 1) : orderedOn;
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
