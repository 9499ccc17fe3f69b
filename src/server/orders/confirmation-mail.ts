import { site } from '../../config/site.ts';
import { NO_WITHDRAWAL_FOR_BUSINESSES } from '../../lib/contracts/service-start.ts';
import { customerTypeLabel } from '../../lib/contracts/texts.ts';
import { formatEuro } from '../../lib/money.ts';
import type { PricedLine } from '../../lib/order.ts';
import { amountText, DUE_NOW_LABEL, DUE_NOW_NOTE, lineText, RECURRING_LABEL, recurringLabel, type PriceDisplay } from '../../lib/prices/statement.ts';
import { termSummary } from '../../lib/prices/terms.ts';
import { PAYMENT_METHOD_LABEL } from '../../lib/schemas/order.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { letterText, oneLine } from '../mail/letter.ts';
import type { MailAttachment } from '../mail/message.ts';
import { agbVersionText, customerLines, declarationTexts, formatOrderTime, paymentTexts, servicesStartLine, type StoredOrder } from './order-texts.ts';

/**
 * The order confirmation (Eingangsbestätigung, § 3 AGB) and the shop's copy. The customer's mail
 * states every line with price, rhythm and the terms of the customer's type, what is due now and
 * what recurs by rhythm with the VAT (never one sum of different rhythms), the payment details,
 * the statements with their timestamps, the AGB version accepted and where the AGB and the
 * withdrawal information stand; the contract confirmation PDF attached to it (§ 312f Abs. 2 BGB,
 * src/server/documents/contract-confirmation.ts) holds the same and the legal texts in full.
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
    `${DUE_NOW_LABEL}: ${amountText(schedule.dueNow, display)}`,
    `   (${DUE_NOW_NOTE})`,
    ...(schedule.recurring.length > 0
      ? [`${RECURRING_LABEL}:`, ...schedule.recurring.map(({ everyMonths, amount }) => `   ${recurringLabel(everyMonths)}: ${amountText(amount, display)}`)]
      : []),
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

/** What the mail says last about the records of the order: the customer's mail carries the PDF, the shop's copy does not. */
function recordsText(order: StoredOrder, attachment: MailAttachment | undefined): string {
  if (!attachment) return 'Die Vertragsbestätigung (PDF) geht dem Kunden mit der Eingangsbestätigung zu und ist bei der Bestellung gespeichert.';
  const contents = order.request.customer.type === 'consumer' ? 'die AGB in der akzeptierten Fassung, die Widerrufsbelehrung und das Muster-Widerrufsformular' : 'die AGB in der akzeptierten Fassung';
  return (
    'Bitte bewahren Sie diese E-Mail auf: Sie enthält alle Angaben Ihrer Bestellung. ' +
    `Im Anhang erhalten Sie Ihre Vertragsbestätigung als PDF (${attachment.filename}) mit Ihren Verträgen und ihren Laufzeiten, Ihren Erklärungen und dem vollständigen Text der Vertragsbedingungen: ${contents}.`
  );
}

function orderBody(order: StoredOrder, origin: string, attachment: MailAttachment | undefined): string[] {
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
    recordsText(order, attachment),
  ];
}

/** The customer's mail, with the contract confirmation PDF attached. */
export function orderConfirmation(order: StoredOrder, origin: string, confirmation: MailAttachment): OutgoingMail {
  const { customer } = order.request;
  return {
    to: customer.email,
    attachments: [confirmation],
    subject: `Eingangsbestätigung Ihrer Bestellung ${order.orderNumber}`,
    text: letterText(customer.name, [
      `vielen Dank für Ihre Bestellung bei der ${site.name}. Diese E-Mail bestätigt den Eingang Ihrer Bestellung; sie ist noch keine Annahme. ` +
        'Wir nehmen Ihre Bestellung innerhalb von 2 Tagen mit einer Auftragsbestätigung an (§ 3 unserer AGB).',
      '',
      ...orderBody(order, origin, confirmation),
    ]),
  };
}

export function orderNotification(order: StoredOrder, origin: string): OutgoingMail {
  const { customer } = order.request;
  return {
    to: site.email,
    replyTo: customer.email,
    subject: oneLine(`Neue Bestellung ${order.orderNumber} von ${customer.type === 'business' ? customer.company : customer.name} (jetzt fällig ${formatEuro(order.cart.schedule.dueNow.grossCents)})`),
    text: [`Neue Bestellung über die Website (${customerTypeLabel[customer.type]}).`, '', ...orderBody(order, origin, undefined)].join('\n'),
  };
}
