import { site } from '../../config/site.ts';
import { NO_WITHDRAWAL_FOR_BUSINESSES } from '../../lib/contracts/service-start.ts';
import { customerTypeLabel } from '../../lib/contracts/texts.ts';
import { germanDate } from '../../lib/forms/dates.ts';
import { formatEuro } from '../../lib/money.ts';
import { reviewReasons, reviewReasonsText } from '../../lib/orders/acceptance.ts';
import type { PricedLine } from '../../lib/order.ts';
import { amountText, DUE_NOW_LABEL, DUE_NOW_NOTE, DUE_ON_ACCEPTANCE_LABEL, lineText, RECURRING_LABEL, recurringLabel, type PriceDisplay } from '../../lib/prices/statement.ts';
import { termSummary } from '../../lib/prices/terms.ts';
import { PAYMENT_METHOD_LABEL } from '../../lib/schemas/order.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { letterText, oneLine } from '../mail/letter.ts';
import type { MailAttachment } from '../mail/message.ts';
import {
  agbVersionText,
  customerLines,
  declarationTexts,
  formatOrderTime,
  isAccepted,
  paymentTexts,
  servicesStartLine,
  taxTexts,
  type AcceptedOrder,
  type StoredOrder,
} from './order-texts.ts';

/**
 * The mails of an order and the shop's copy (§ 3 AGB, decision 0053). An order we accept at once
 * gets one mail that is receipt and acceptance ('Bestellbestätigung und Auftragsbestätigung');
 * an order we review gets a receipt ('Eingangsbestätigung') that says it is not yet the
 * acceptance and until when we decide, and later, when an agent accepts it, the
 * 'Auftragsbestätigung'. Each states every line with price, rhythm and the terms of the
 * customer's type, what is due now and what recurs by rhythm with the VAT (never one sum of
 * different rhythms), the payment details, the statements with their timestamps, the AGB version
 * accepted and where the AGB and the withdrawal information stand; the contract confirmation PDF
 * attached to an acceptance (§ 312f Abs. 2 BGB, src/server/documents/contract-confirmation.ts)
 * holds the same and the legal texts in full.
 */

export type { StoredOrder } from './order-texts.ts';

/** Consumers read gross amounts; a business reads its net prices with the VAT added. */
const displayOf = (order: StoredOrder): PriceDisplay => order.cart.basis;

function lineBlock(order: StoredOrder, line: PricedLine, position: number): string[] {
  const entry = line.entry!;
  const { basis } = order.cart;
  return [
    `${position}. ${entry.name}`,
    `   ${lineText(line, basis, displayOf(order))}`,
    ...(entry.term ? [`   Laufzeit: ${termSummary(entry.term, order.request.customer.type)}`] : []),
    ...entry.features.map((feature) => `   – ${feature}`),
  ];
}

function amountsBlock(order: StoredOrder): string[] {
  const { schedule } = order.cart;
  const display = displayOf(order);
  return [
    `${isAccepted(order) ? DUE_NOW_LABEL : DUE_ON_ACCEPTANCE_LABEL}: ${amountText(schedule.dueNow, display)}`,
    `   (${DUE_NOW_NOTE})`,
    ...(schedule.recurring.length > 0
      ? [`${RECURRING_LABEL}:`, ...schedule.recurring.map(({ everyMonths, amount }) => `   ${recurringLabel(everyMonths)}: ${amountText(amount, display)}`)]
      : []),
    ...taxTexts(order),
  ];
}

function statementsBlock(order: StoredOrder, origin: string): string[] {
  const consumer = order.request.customer.type === 'consumer';
  return [
    ...declarationTexts(order).map((text) => `– ${text}`),
    ...(consumer
      ? [
          '',
          'Widerrufsrecht: Als Verbraucher können Sie diesen Vertrag binnen vierzehn Tagen ab Vertragsschluss ohne Angabe von Gründen widerrufen. ' +
            'Haben Sie verlangt, dass die Dienstleistungen während der Widerrufsfrist beginnen, zahlen Sie im Fall des Widerrufs einen angemessenen Betrag für die bis dahin erbrachten Leistungen.',
          `Widerrufsbelehrung und Muster-Widerrufsformular: ${origin}/widerrufsformular`,
          `Widerruf online erklären: ${origin}/online-widerrufsformular`,
        ]
      : ['', NO_WITHDRAWAL_FOR_BUSINESSES]),
  ];
}

/**
 * What the customer's mail says last about the records of the order: an acceptance carries the
 * PDF; a receipt of an order we review says that the PDF comes with the acceptance.
 */
function customerRecords(order: StoredOrder, attachment: MailAttachment | undefined): string {
  const keep = 'Bitte bewahren Sie diese E-Mail auf: Sie enthält alle Angaben Ihrer Bestellung.';
  if (!attachment) return `${keep} Die Vertragsbestätigung (PDF) mit dem vollständigen Text der Vertragsbedingungen erhalten Sie mit unserer Auftragsbestätigung.`;
  const contents = order.request.customer.type === 'consumer' ? 'die AGB in der akzeptierten Fassung, die Widerrufsbelehrung und das Muster-Widerrufsformular' : 'die AGB in der akzeptierten Fassung';
  return `${keep} Im Anhang erhalten Sie Ihre Vertragsbestätigung als PDF (${attachment.filename}) mit Ihren Verträgen und ihren Laufzeiten, Ihren Erklärungen und dem vollständigen Text der Vertragsbedingungen: ${contents}.`;
}

/** The shop's copy names the PDF without carrying it. */
function shopRecords(order: StoredOrder): string {
  return isAccepted(order)
    ? 'Die Vertragsbestätigung (PDF) ging dem Kunden mit der Bestellbestätigung und Auftragsbestätigung zu und ist bei der Bestellung gespeichert.'
    : 'Die Vertragsbestätigung (PDF) entsteht erst mit der Annahme im Dashboard; sie geht dem Kunden dann mit der Auftragsbestätigung zu und wird bei der Bestellung gespeichert.';
}

function orderBody(order: StoredOrder, origin: string, records: string): string[] {
  return [
    `Bestellnummer: ${order.orderNumber}`,
    `Bestellt am: ${formatOrderTime(order.createdAt)}`,
    servicesStartLine(order),
    '',
    'Ihre Bestellung',
    ...order.cart.lines.flatMap((line, index) => lineBlock(order, line, index + 1)),
    '',
    ...amountsBlock(order),
    '',
    'Rechnungsanschrift',
    ...customerLines(order.request),
    '',
    `Zahlungsart: ${PAYMENT_METHOD_LABEL[order.request.paymentMethod]}`,
    ...paymentTexts(order),
    '',
    'Ihre Erklärungen bei der Bestellung',
    ...statementsBlock(order, origin),
    '',
    'Vertragsbedingungen',
    `Es gelten unsere Allgemeinen Geschäftsbedingungen in der Fassung, die Sie bei der Bestellung akzeptiert haben (${agbVersionText(order.agbVersion)}): ${origin}/agb`,
    records,
  ];
}

/**
 * The mail of an order we accept at once: receipt and acceptance in one (§ 3 Abs. 3 AGB), with
 * the contract confirmation PDF attached.
 */
export function orderConfirmation(order: AcceptedOrder, origin: string, confirmation: MailAttachment): OutgoingMail {
  const { customer } = order.request;
  return {
    to: customer.email,
    attachments: [confirmation],
    subject: `Bestellbestätigung und Auftragsbestätigung Ihrer Bestellung ${order.orderNumber}`,
    text: letterText(customer.name, [
      `vielen Dank für Ihre Bestellung bei der ${site.name}. Mit dieser E-Mail bestätigen wir den Eingang Ihrer Bestellung und nehmen sie zugleich an ` +
        '(Auftragsbestätigung, § 3 Abs. 3 unserer AGB): Der Vertrag ist damit geschlossen.',
      '',
      ...orderBody(order, origin, customerRecords(order, confirmation)),
    ]),
  };
}

/** What the receipt of an order we review says first: not yet the acceptance, why we review it, until when we decide. */
function reviewText(order: StoredOrder): string {
  const deadline = germanDate(order.acceptanceDeadline!);
  return (
    `vielen Dank für Ihre Bestellung bei der ${site.name}. Diese E-Mail bestätigt nur den Eingang Ihrer Bestellung; sie ist noch nicht unsere Annahme, ` +
    `und ein Vertrag ist noch nicht geschlossen. Ihre Bestellung enthält ${reviewReasonsText(reviewReasons(order.cart.lines))}; solche Bestellungen prüfen wir, bevor wir sie annehmen. ` +
    `Bis zum ${deadline} nehmen wir Ihre Bestellung mit einer Auftragsbestätigung an oder lehnen sie ab (§ 3 Abs. 4 unserer AGB). ` +
    `Erhalten Sie bis dahin keine Auftragsbestätigung, sind Sie an Ihre Bestellung nicht mehr gebunden. ` +
    'Vor unserer Annahme beginnen wir keine Leistung und stellen nichts in Rechnung.'
  );
}

/** The receipt of an order we review before accepting it (§ 3 Abs. 4 AGB): no PDF and no acceptance yet. */
export function orderReceipt(order: StoredOrder, origin: string): OutgoingMail {
  const { customer } = order.request;
  return {
    to: customer.email,
    subject: `Eingangsbestätigung Ihrer Bestellung ${order.orderNumber}`,
    text: letterText(customer.name, [reviewText(order), '', ...orderBody(order, origin, customerRecords(order, undefined))]),
  };
}

/** The acceptance an agent gives an order we reviewed: the 'Auftragsbestätigung', with the contract confirmation PDF. */
export function acceptanceConfirmation(order: AcceptedOrder, origin: string, confirmation: MailAttachment): OutgoingMail {
  const { customer } = order.request;
  return {
    to: customer.email,
    attachments: [confirmation],
    subject: `Auftragsbestätigung Ihrer Bestellung ${order.orderNumber}`,
    text: letterText(customer.name, [
      `hiermit nehmen wir Ihre Bestellung ${order.orderNumber} vom ${formatOrderTime(order.createdAt)} an (§ 3 Abs. 4 unserer AGB). ` +
        `Der Vertrag ist damit am ${formatOrderTime(order.acceptedAt)} geschlossen.`,
      '',
      ...orderBody(order, origin, customerRecords(order, confirmation)),
    ]),
  };
}

export function orderNotification(order: StoredOrder, origin: string): OutgoingMail {
  const { customer } = order.request;
  const accepted = isAccepted(order);
  const review = accepted
    ? 'Angenommen mit der Bestellbestätigung: Keine Position braucht eine Prüfung.'
    : `BITTE PRÜFEN: Die Bestellung enthält ${reviewReasonsText(reviewReasons(order.cart.lines))}. ` +
      `Bitte im Dashboard (Posteingang) bis zum ${germanDate(order.acceptanceDeadline!)} annehmen oder mit Begründung ablehnen; danach ist der Kunde nicht mehr gebunden.`;
  const who = customer.type === 'business' ? customer.company : customer.name;
  const due = `${accepted ? 'jetzt fällig' : 'fällig nach Annahme'} ${formatEuro(order.cart.schedule.dueNow.grossCents)}`;
  return {
    to: site.email,
    replyTo: customer.email,
    subject: oneLine(`${accepted ? 'Neue Bestellung' : 'Neue Bestellung zur Prüfung'} ${order.orderNumber} von ${who} (${due})`),
    text: [`Neue Bestellung über die Website (${customerTypeLabel[customer.type]}).`, review, '', ...orderBody(order, origin, shopRecords(order))].join('\n'),
  };
}
