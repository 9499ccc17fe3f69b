import type { CustomerType } from '../schemas/order.ts';
import type { Term } from '../schemas/price-source.ts';
import { durationText } from './rhythm.ts';

/**
 * The terms of a contract in words, per customer type (AGB § 9, docs/decisions/0025-price-source.md).
 * Consumers: the minimum term as sold, then — § 309 Nr. 9 BGB since 1 March 2022 — no tacit
 * extension by another term, only an extension for an indefinite time that they can end at any
 * time with the contract's notice (10 days, domains 14: both within the one month the law allows);
 * what they paid in advance for the time after the end is refunded pro rata. Businesses: the
 * AGB's renewal by the same term unless cancelled with the notice before the term ends.
 * Checkout, order mails, product pages and the AGB state exactly these texts.
 */

/** SPEC §9: a contract can be cancelled 10 days before its term ends (domains: 14, in their entries). */
export const CANCELLATION_NOTICE_DAYS = 10;

export interface TermTexts {
  /** '6 Monate' */
  minimumTerm: string;
  /** 'mit einer Frist von 10 Tagen zum Ende der Mindestlaufzeit' */
  firstNotice: string;
  /** What happens after the minimum term, as one sentence. */
  afterwards: string;
}

export const REFUND_NOTE = 'Im Voraus gezahlte Beträge für die Zeit nach dem Vertragsende erstatten wir anteilig.';

const noticeText = (days: number) => `mit einer Frist von ${days} ${days === 1 ? 'Tag' : 'Tagen'}`;

export function termTexts(term: Term, customerType: CustomerType): TermTexts {
  const notice = noticeText(term.noticeDays);
  return {
    minimumTerm: durationText(term.minimumMonths),
    firstNotice: `${notice} zum Ende der Mindestlaufzeit`,
    afterwards:
      customerType === 'consumer'
        ? `Danach läuft der Vertrag auf unbestimmte Zeit weiter und ist jederzeit ${notice} kündbar. ${REFUND_NOTE}`
        : `Danach verlängert sich der Vertrag jeweils um ${durationText(term.minimumMonths)}, wenn er nicht ${notice} zum Ende der jeweiligen Laufzeit gekündigt wird.`,
  };
}

/** One line for lists and mails: 'Mindestlaufzeit 6 Monate, kündbar mit einer Frist … Danach …'. */
export function termSummary(term: Term, customerType: CustomerType): string {
  const texts = termTexts(term, customerType);
  return `Mindestlaufzeit ${texts.minimumTerm}, kündbar ${texts.firstNotice}. ${texts.afterwards}`;
}
