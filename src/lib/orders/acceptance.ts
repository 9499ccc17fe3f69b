import { isDomainCartId } from '../catalogue.ts';
import { isConfiguredItemId } from '../configurator/cart-item.ts';
import type { IsoDay } from '../contracts/ends.ts';
import { daysPeriodEnd } from '../contracts/working-days.ts';
import type { PriceUnit } from '../schemas/price-source.ts';

/**
 * Which orders we accept at once and which an agent reviews first (issue 33,
 * docs/decisions/0053-order-acceptance.md; AGB § 3 Abs. 3 and 4). The checkout says it before the
 * order is placed, the server decides it with the same function when it stores the order.
 *
 * Catalogue items whose price and scope are fixed – webapp packages, rented applications, hosting
 * add-ons, the click-dummy service, fixed one-off services – need nobody to look at them: their
 * order is accepted with its confirmation. Three kinds of line do: a configuration from the
 * configurator (its scope is the customer's own description), hours billed by time spent (someone
 * must have the time to work them), and a domain (the registry, not we, decides whether the name
 * is still free).
 */

/** § 3 Abs. 4 AGB: a reviewed order is accepted or declined within 2 days of its receipt. */
export const ACCEPTANCE_DAYS = 2;

export type ReviewReason = 'configured' | 'hours' | 'domain';

/** In the order the texts name them. */
const REVIEW_REASONS: readonly ReviewReason[] = ['configured', 'hours', 'domain'];

/** What the customer reads after 'Ihre Bestellung enthält …'. */
const REVIEW_REASON_TEXT: Readonly<Record<ReviewReason, string>> = {
  configured: 'eine im Auftragskonfigurator zusammengestellte Anwendung',
  hours: 'nach Stunden abgerechnete Leistungen',
  domain: 'eine Domain, deren Vergabe die Registrierungsstelle entscheidet',
};

/** What the rule needs of an order line: its cart id and its unit (a priced line or a stored one). */
export interface ReviewedLine {
  id: string;
  unit: PriceUnit;
}

/** Why a line needs an agent's review before we accept it, or undefined when it needs none. */
function reviewReason(line: ReviewedLine): ReviewReason | undefined {
  if (isConfiguredItemId(line.id)) return 'configured';
  if (isDomainCartId(line.id)) return 'domain';
  if (line.unit === 'hour') return 'hours';
  return undefined;
}

/** The reasons an order needs review, each once; empty when it is accepted at once. */
export function reviewReasons(lines: readonly ReviewedLine[]): ReviewReason[] {
  const found = new Set(lines.map(reviewReason));
  return REVIEW_REASONS.filter((reason) => found.has(reason));
}

/** Whether an order is accepted with its confirmation (no line needs review). */
export function acceptedAtOnce(lines: readonly ReviewedLine[]): boolean {
  return reviewReasons(lines).length === 0;
}

/** 'eine im Auftragskonfigurator zusammengestellte Anwendung und eine Domain, …' */
export function reviewReasonsText(reasons: readonly ReviewReason[]): string {
  const texts = reasons.map((reason) => REVIEW_REASON_TEXT[reason]);
  return texts.length <= 1 ? (texts[0] ?? '') : `${texts.slice(0, -1).join(', ')} und ${texts.at(-1)}`;
}

/**
 * The last day on which we can accept an order received on `orderedOn`: 2 days, the day of
 * receipt not counted (§ 187 Abs. 1 BGB), moved off a Saturday, Sunday or holiday in Köln
 * (§ 193 BGB). The day after it, the customer is no longer bound and the order lapses.
 */
export function acceptanceDeadline(orderedOn: IsoDay): IsoDay {
  return daysPeriodEnd(orderedOn, ACCEPTANCE_DAYS);
}
