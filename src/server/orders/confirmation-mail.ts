import { site } from '../../config/site.ts';
import { UNIT_LABEL } from '../../lib/catalogue.ts';
import { maskIban } from '../../lib/iban.ts';
import { formatEuro, formatPercent, VAT_RATE } from '../../lib/money.ts';
import { sepaMandateText, type OrderTotals, type PricedLine } from '../../lib/order.ts';
import { PAYMENT_METHOD_LABEL, type OrderRequest } from '../../lib/schemas/order.ts';
import type { OutgoingMail } from '../mail/index.ts';

/**
 * The order confirmation (Eingangsbestätigung, § 3 AGB) and the shop's copy. The customer's mail
 * is the record on a durable medium: every line with price, term and minimum term, the totals
 * with the VAT included, the payment details, the statements with their timestamps, and where
 * the AGB and the withdrawal information stand.
 */

export interface StoredOrder {
  orderNumber: string;
  createdAt: Date;
  request: OrderRequest;
  lines: PricedLine[];
  totals: OrderTotals;
}

const berlin = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** '23.11.2026 um 11:20:31 Uhr' in German time, whatever zone the function runs in. */
export function formatOrderTime(date: Date): string {
  const parts = Object.fromEntries(berlin.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day}.${parts.month}.${parts.year} um ${parts.hour}:${parts.minute}:${parts.second} Uhr`;
}

/** Header lines and list lines stay one line whatever a visitor typed. */
const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ').trim();

function lineBlock(line: PricedLine, position: number): string[] {
  const entry = line.entry!;
  return [
    `${position}. ${entry.name}`,
    `   ${line.quantity} × ${formatEuro(line.unitCents)} ${UNIT_LABEL[entry.unit]} = ${formatEuro(line.lineCents)}`,
    `   Laufzeit: ${entry.term}`,
    `   Mindestlaufzeit: ${entry.minimumTerm}`,
    ...entry.features.map((feature) => `   – ${feature}`),
  ];
}

function paymentBlock(order: StoredOrder): string[] {
  const { request, orderNumber, totals } = order;
  const total = formatEuro(totals.totalCents);
  switch (request.paymentMethod) {
    case 'invoice':
      return [
        `Sie erhalten eine Rechnung über ${total}. Bitte überweisen Sie den Betrag innerhalb von 10 Tagen nach Erhalt der Rechnung und geben Sie die Bestellnummer ${orderNumber} als Verwendungszweck an.`,
      ];
    case 'sepa':
      return [
        `SEPA-Lastschriftmandat, Gläubiger-Identifikationsnummer ${site.sepaCreditorId}, Mandatsreferenz ${orderNumber}, erteilt am ${formatOrderTime(order.createdAt)}:`,
        sepaMandateText(site.name),
        `Konto: ${maskIban(request.iban)}, Kontoinhaber: ${oneLine(request.customer.name)}`,
        `Wir ziehen ${total} ein und kündigen den Einzug spätestens fünf Kalendertage vor Fälligkeit an.`,
      ];
    case 'paypal':
      return [
        'ZAHLUNGSAUFFORDERUNG – Ihre Zahlung steht noch aus.',
        `Bitte senden Sie ${total} per PayPal an ${site.email} und geben Sie die Bestellnummer ${orderNumber} als Verwendungszweck an.`,
        'Wir beginnen mit der Leistung, sobald die Zahlung eingegangen ist.',
      ];
  }
}

function customerBlock(request: OrderRequest): string[] {
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

function statementsBlock(order: StoredOrder, origin: string): string[] {
  const at = formatOrderTime(order.createdAt);
  const consumer = order.request.customer.type === 'consumer';
  return [
    `– AGB gelesen und akzeptiert am ${at}.`,
    ...(consumer
      ? [
          `– Ausdrücklich verlangt, dass wir vor Ablauf der Widerrufsfrist mit der Ausführung der Dienstleistungen beginnen, am ${at}.`,
          `– Kenntnis bestätigt, dass Sie Ihr Widerrufsrecht bei vollständiger Vertragserfüllung durch uns verlieren, am ${at}.`,
          '',
          'Widerrufsrecht: Als Verbraucher können Sie diesen Vertrag binnen vierzehn Tagen ab Vertragsschluss ohne Angabe von Gründen widerrufen. ' +
            'Haben Sie verlangt, dass die Dienstleistungen während der Widerrufsfrist beginnen, zahlen Sie im Fall des Widerrufs einen angemessenen Betrag für die bis dahin erbrachten Leistungen.',
          `Widerrufsbelehrung und Muster-Widerrufsformular: ${origin}/widerrufsformular`,
          `Widerruf online erklären: ${origin}/online-widerrufsformular`,
        ]
      : ['', 'Als Unternehmer steht Ihnen kein Widerrufsrecht zu (§ 10 Abs. 2 AGB).']),
  ];
}

function orderBody(order: StoredOrder, origin: string): string[] {
  const { totals } = order;
  return [
    `Bestellnummer: ${order.orderNumber}`,
    `Bestellt am: ${formatOrderTime(order.createdAt)}`,
    '',
    'Ihre Bestellung',
    ...order.lines.flatMap((line, index) => lineBlock(line, index + 1)),
    '',
    `Gesamtbetrag: ${formatEuro(totals.totalCents)}`,
    `inkl. ${formatPercent(VAT_RATE)} USt.: ${formatEuro(totals.vatCents)} (Nettobetrag ${formatEuro(totals.netCents)})`,
    '',
    'Rechnungsanschrift',
    ...customerBlock(order.request),
    '',
    `Zahlungsart: ${PAYMENT_METHOD_LABEL[order.request.paymentMethod]}`,
    ...paymentBlock(order),
    '',
    'Ihre Erklärungen bei der Bestellung',
    ...statementsBlock(order, origin),
    '',
    'Vertragsbedingungen',
    `Es gelten unsere Allgemeinen Geschäftsbedingungen in der bei Ihrer Bestellung gültigen Fassung: ${origin}/agb`,
    'Bitte bewahren Sie diese E-Mail auf: Sie enthält alle Angaben Ihrer Bestellung. Den Vertragstext senden wir Ihnen mit der Auftragsbestätigung zusätzlich in Textform.',
  ];
}

export function orderConfirmation(order: StoredOrder, origin: string): OutgoingMail {
  const { customer } = order.request;
  return {
    to: customer.email,
    subject: `Eingangsbestätigung Ihrer Bestellung ${order.orderNumber}`,
    text: [
      `Guten Tag ${oneLine(customer.name)},`,
      '',
      `vielen Dank für Ihre Bestellung bei der ${site.name}. Diese E-Mail bestätigt den Eingang Ihrer Bestellung; sie ist noch keine Annahme. ` +
        'Wir nehmen Ihre Bestellung innerhalb von 2 Tagen mit einer Auftragsbestätigung an (§ 3 unserer AGB).',
      '',
      ...orderBody(order, origin),
      '',
      'Mit freundlichen Grüßen',
      site.name,
      `${site.address.street}, ${site.address.postalCode} ${site.address.city}`,
      `Telefon ${site.phoneDisplay} · ${site.email}`,
    ].join('\n'),
  };
}

export function orderNotification(order: StoredOrder, origin: string): OutgoingMail {
  const { customer } = order.request;
  return {
    to: site.email,
    replyTo: customer.email,
    subject: oneLine(`Neue Bestellung ${order.orderNumber} von ${customer.type === 'business' ? customer.company : customer.name} (${formatEuro(order.totals.totalCents)})`),
    text: [`Neue Bestellung über die Website (${customer.type === 'business' ? 'Unternehmer' : 'Verbraucher'}).`, '', ...orderBody(order, origin)].join('\n'),
  };
}
