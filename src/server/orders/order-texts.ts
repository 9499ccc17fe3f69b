import { site } from '../../config/site.ts';
import { PAYPAL_RECIPIENT } from '../../features/billing/paypal.ts';
import { PAYMENT_DAYS } from '../../features/billing/terms.ts';
import type { IsoDay } from '../../lib/contracts/ends.ts';
import { servicesStartPendingText, servicesStartText, type StartChoice } from '../../lib/contracts/service-start.ts';
import { germanDate } from '../../lib/forms/dates.ts';
import { maskIban } from '../../lib/iban.ts';
import { formatReceivedAt } from '../../lib/forms/dates.ts';
import { formatStand } from '../../lib/legal.ts';
import { formatEuro } from '../../lib/money.ts';
import { sepaMandateText, type PricedCart } from '../../lib/order.ts';
import type { OrderRequest } from '../../lib/schemas/order.ts';
import { taxNoteText } from '../../lib/tax-case.ts';
import { oneLine } from '../mail/letter.ts';

/**
 * The texts of an order that its confirmation mail and its contract confirmation PDF both state,
 * word for word: the billing address, the payment details and the declarations with their
 * timestamps. One wording, so the two records of the order never differ.
 */

/** What the customer ordered: the request without its proof of work, which is no part of the order. */
export type OrderedRequest = Omit<OrderRequest, 'hashcash_solutions'>;

export interface StoredOrder {
  orderNumber: string;
  createdAt: Date;
  request: OrderedRequest;
  /** Priced in the basis of the customer type (consumers gross, businesses net). */
  cart: PricedCart;
  /** The AGB version accepted ('Stand/hash'). */
  agbVersion: string;
  /** When we accepted it, which concluded the contract (decision 0053); null while we review it. */
  acceptedAt: Date | null;
  /** The first day of the services (src/lib/contracts/service-start.ts); null until accepted. */
  servicesStartOn: IsoDay | null;
  /** The last day we can accept an order we review (src/lib/orders/acceptance.ts); null for one accepted at once. */
  acceptanceDeadline: IsoDay | null;
}

/** An order we have accepted: the contract is concluded and its services have their first day. */
export type AcceptedOrder = StoredOrder & { acceptedAt: Date; servicesStartOn: IsoDay };

export const isAccepted = (order: StoredOrder): order is AcceptedOrder => order.acceptedAt !== null && order.servicesStartOn !== null;

const startChoiceOf = ({ request }: StoredOrder): StartChoice => ({ customerType: request.customer.type, earlyStart: request.consents.earlyStart });

/**
 * 'Leistungsbeginn: am 10.12.2026, nach Ablauf der Widerrufsfrist'; before our acceptance
 * 'Leistungsbeginn: nach Ablauf der Widerrufsfrist von 14 Tagen ab unserer Annahme'.
 */
export function servicesStartLine(order: StoredOrder): string {
  const choice = startChoiceOf(order);
  return `Leistungsbeginn: ${order.servicesStartOn === null ? servicesStartPendingText(choice) : servicesStartText(choice, order.servicesStartOn)}`;
}

/** '23.11.2026 um 11:20:31 Uhr' in German time, whatever zone the function runs in. */
export function formatOrderTime(date: Date): string {
  return formatReceivedAt(date).text;
}

/** 'Stand 24.11.2026, Fassung 2026-11-24/0a1b2c3d4e5f' */
export function agbVersionText(agbVersion: string): string {
  return `Stand ${formatStand(new Date(agbVersion.slice(0, 10)))}, Fassung ${agbVersion}`;
}

/** The billing address as the customer typed it, one line per part. */
export function customerLines(request: OrderedRequest): string[] {
  const { customer } = request;
  return [
    customer.type === 'business' ? oneLine(customer.company) : undefined,
    oneLine(customer.name),
    oneLine(customer.street),
    `${oneLine(customer.postalCode)} ${oneLine(customer.city)}`,
    oneLine(customer.country),
    customer.type === 'business' && customer.vatId ? `USt-IdNr.: ${customer.vatId}` : undefined,
    `E-Mail: ${customer.email}`,
  ].filter((line) => line !== undefined);
}

/**
 * Why an order bears no German VAT, where it bears none (decision 0056): the note, and for a
 * reverse charge both VAT IDs (§ 14a Abs. 1 UStG). Empty for German VAT.
 */
export function taxTexts(order: StoredOrder): string[] {
  const note = taxNoteText(order.cart.taxCase);
  if (!note) return [];
  const { customer } = order.request;
  const vatIds =
    order.cart.taxCase === 'reverse-charge' && customer.type === 'business' ? [`USt-IdNr. des Leistungsempfängers: ${customer.vatId}, unsere USt-IdNr.: ${site.vatId}`] : [];
  return [note, ...vatIds];
}

/**
 * How the customer pays what is due now, and that later periods are invoiced before they start.
 * Nothing is due before we accept an order (decision 0053): until then the texts say what follows
 * the acceptance, and PayPal asks for no payment yet.
 */
export function paymentTexts(order: StoredOrder): string[] {
  const { request, orderNumber } = order;
  const accepted = isAccepted(order);
  const total = formatEuro(order.cart.schedule.dueNow.grossCents);
  // The later periods are paid like the first, each in advance (AGB § 4), with an invoice of their own.
  const later = order.cart.schedule.recurring.length > 0 ? ['Die weiteren Beträge stellen wir jeweils vor Beginn ihres Abrechnungszeitraums in Rechnung.'] : [];
  switch (request.paymentMethod) {
    case 'invoice':
      return [
        `${accepted ? 'Sie erhalten' : 'Nehmen wir Ihre Bestellung an, erhalten Sie'} eine Rechnung über ${total}. Bitte überweisen Sie den Betrag innerhalb von ${PAYMENT_DAYS} Tagen nach Erhalt der Rechnung und geben Sie die Bestellnummer ${orderNumber} als Verwendungszweck an.`,
        ...later,
      ];
    case 'sepa':
      return [
        `SEPA-Lastschriftmandat, Gläubiger-Identifikationsnummer ${site.sepaCreditorId}, Mandatsreferenz ${orderNumber}, erteilt am ${formatOrderTime(order.createdAt)}:`,
        sepaMandateText(site.name),
        `Konto: ${maskIban(request.iban)}, Kontoinhaber: ${oneLine(request.customer.name)}`,
        `${accepted ? 'Wir ziehen' : 'Nehmen wir Ihre Bestellung an, ziehen wir'} ${total} ein und kündigen jeden Einzug spätestens fünf Kalendertage vor Fälligkeit an.`,
        ...later,
      ];
    case 'paypal':
      return [
        `${accepted ? 'Sie erhalten' : 'Bitte zahlen Sie noch nichts: Nehmen wir Ihre Bestellung an, erhalten Sie'} eine Rechnung über ${total}. Bitte senden Sie den Betrag innerhalb von ${PAYMENT_DAYS} Tagen nach Erhalt der Rechnung per PayPal an ${PAYPAL_RECIPIENT} und geben Sie die Rechnungsnummer als Verwendungszweck an.`,
        ...later,
      ];
  }
}

/**
 * The declarations made with the order, each with its time: the AGB for everyone; a consumer's
 * request to start before the withdrawal period ends and the acknowledgement of losing the right
 * of withdrawal (§ 356 Abs. 4 BGB) – or, without them, that we begin after the withdrawal period
 * (decision 0034). The order stores all of them with the order's time.
 */
export function declarationTexts(order: StoredOrder): string[] {
  const at = formatOrderTime(order.createdAt);
  const choice = startChoiceOf(order);
  const consumerTexts =
    choice.customerType !== 'consumer'
      ? []
      : choice.earlyStart
        ? [
            `Ausdrücklich verlangt, dass wir vor Ablauf der Widerrufsfrist mit der Ausführung der Dienstleistungen beginnen, am ${at}.`,
            `Kenntnis bestätigt, dass Sie Ihr Widerrufsrecht bei vollständiger Vertragserfüllung durch uns verlieren, am ${at}.`,
          ]
        : [
            `Keinen vorzeitigen Beginn verlangt: Wir beginnen mit den Leistungen erst nach Ablauf der Widerrufsfrist, ${order.servicesStartOn === null ? `die mit unserer Annahme beginnt` : `am ${germanDate(order.servicesStartOn)}`}.`,
          ];
  return [`AGB akzeptiert am ${at}.`, ...consumerTexts];
}
