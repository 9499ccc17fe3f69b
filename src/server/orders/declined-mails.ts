import { site } from '../../config/site.ts';
import type { IsoDay } from '../../lib/contracts/ends.ts';
import { germanDate } from '../../lib/forms/dates.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { letterText } from '../mail/letter.ts';
import { formatOrderTime } from './order-texts.ts';

/**
 * The mails of an order that does not come about (decision 0053): an agent rejected it, with the
 * reason, or the acceptance period of AGB § 3 Abs. 4 passed without our acceptance. Both say that
 * the customer is no longer bound and that nothing is invoiced; replies reach the shop.
 */

export interface DeclinedOrder {
  orderNumber: string;
  createdAt: Date;
  name: string;
  email: string;
}

const NOTHING_FOLLOWS = 'Ein Vertrag ist damit nicht zustande gekommen: Sie sind an Ihre Bestellung nicht mehr gebunden, wir erbringen keine Leistung und stellen Ihnen nichts in Rechnung.';

export function rejectionMail(order: DeclinedOrder, reason: string): OutgoingMail {
  return {
    to: order.email,
    replyTo: site.email,
    subject: `Ihre Bestellung ${order.orderNumber}: Wir können sie leider nicht annehmen`,
    text: letterText(order.name, [
      `leider können wir Ihre Bestellung ${order.orderNumber} vom ${formatOrderTime(order.createdAt)} nicht annehmen.`,
      '',
      'Unsere Begründung:',
      ...reason.split(/\r?\n/).map((line) => `   ${line}`),
      '',
      NOTHING_FOLLOWS,
      'Haben Sie Fragen, oder möchten Sie eine geänderte Bestellung aufgeben? Antworten Sie einfach auf diese E-Mail.',
    ]),
  };
}

export function lapseMail(order: DeclinedOrder, deadline: IsoDay): OutgoingMail {
  return {
    to: order.email,
    replyTo: site.email,
    subject: `Ihre Bestellung ${order.orderNumber} ist nicht zustande gekommen`,
    text: letterText(order.name, [
      `wir haben Ihre Bestellung ${order.orderNumber} vom ${formatOrderTime(order.createdAt)} nicht innerhalb der Annahmefrist angenommen, ` +
        `die am ${germanDate(deadline)} endete (§ 3 Abs. 4 unserer AGB).`,
      '',
      NOTHING_FOLLOWS,
      'Bitte entschuldigen Sie. Möchten Sie die Leistungen weiterhin, bestellen Sie gern erneut oder antworten Sie einfach auf diese E-Mail.',
    ]),
  };
}
