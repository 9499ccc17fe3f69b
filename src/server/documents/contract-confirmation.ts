import { site } from '../../config/site.ts';
import { NO_WITHDRAWAL_FOR_BUSINESSES } from '../../lib/contracts/service-start.ts';
import { customerTypeLabel } from '../../lib/contracts/texts.ts';
import { addDays, earliestEnd, minimumTermEnd, type IsoDay } from '../../lib/contracts/ends.ts';
import { germanDate } from '../../lib/forms/dates.ts';
import { formatStand, musterWiderrufsformularText } from '../../lib/legal.ts';
import type { PricedLine } from '../../lib/order.ts';
import { paymentText } from '../../lib/prices/rhythm.ts';
import { amountText, DUE_NOW_LABEL, DUE_NOW_NOTE, lineText, paymentAmountText, RECURRING_LABEL, recurringLabel, vatLabel } from '../../lib/prices/statement.ts';
import { termSummary, termTexts } from '../../lib/prices/terms.ts';
import { PAYMENT_METHOD_LABEL } from '../../lib/schemas/order.ts';
import type { MailAttachment } from '../mail/message.ts';
import {
  customerLines,
  declarationTexts,
  formatOrderTime,
  paymentTexts,
  taxTexts,
  servicesStartLine,
  type AcceptedOrder,
} from '../orders/order-texts.ts';
import { legalTexts } from './legal-texts.ts';
import { renderMarkdown } from './markdown.ts';
import { createPdf, footers, heading, list, newPage, paragraph, pdfBytes, preformatted, rows, TEXT_SIZE, title, type Pdf, type Row } from './pdf.ts';

/**
 * The contract confirmation on a durable medium (§ 312f Abs. 2 BGB, Art. 246a § 1 EGBGB; issue
 * 19, docs/decisions/0028-contract-confirmation-pdf.md): a link is no durable medium, so the
 * customer gets, with our acceptance of the order (decision 0053: the order confirmation of an
 * order accepted at once, or the agent's Auftragsbestätigung), one PDF that holds everything
 * agreed – the
 * order with its amounts by billing rhythm exactly as the mail states them, every contract with
 * its terms, the payment details, the declarations with their timestamps, the AGB of the
 * accepted version in full and, for consumers, the Widerrufsbelehrung and the
 * Muster-Widerrufsformular. The same bytes are stored with the order (order_documents).
 *
 * The content is built as a list of blocks first (what the document says, testable as text),
 * then drawn (how it looks, ./pdf.ts).
 */

/** A contract of the order as stored: its number, the order line it belongs to, its first day. */
export interface ConfirmedContract {
  contractNumber: string;
  /** The order line's position (1-based). */
  position: number;
  startsOn: IsoDay;
}

export interface ContractConfirmationInput {
  /** Only an accepted order has contracts to confirm. */
  order: AcceptedOrder;
  contracts: readonly ConfirmedContract[];
  /** The site's origin: relative links of the legal texts print as full addresses. */
  origin: string;
}

export interface ContractConfirmation {
  fileName: string;
  content: Buffer;
}

export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string; level: 1 | 2 | 3; newPage?: boolean }
  | { kind: 'paragraph'; text: string; bold?: boolean; small?: boolean }
  | { kind: 'rows'; rows: Row[] }
  | { kind: 'list'; items: readonly string[]; small?: boolean }
  | { kind: 'markdown'; markdown: string }
  | { kind: 'form'; lines: string[] };

/** ASCII only: every mail program and browser keeps the name as it is. */
function contractConfirmationFileName(orderNumber: string): string {
  return `Vertragsbestaetigung-${orderNumber}.pdf`;
}

const consumerOf = (order: AcceptedOrder): boolean => order.request.customer.type === 'consumer';

function sellerText(): string {
  const { address } = site;
  return [
    site.name,
    address.street,
    `${address.postalCode} ${address.city}`,
    address.country,
    `Telefon ${site.phoneDisplay} · E-Mail ${site.email}`,
    `Geschäftsführer: ${site.managingDirector} · ${site.register.court} ${site.register.number} · USt-IdNr. ${site.vatId}`,
  ].join('\n');
}

function introBlocks(order: AcceptedOrder): Block[] {
  const legal = consumerOf(order)
    ? 'die Allgemeinen Geschäftsbedingungen in der Fassung, die Sie akzeptiert haben, sowie die Widerrufsbelehrung und das Muster-Widerrufsformular'
    : 'die Allgemeinen Geschäftsbedingungen in der Fassung, die Sie akzeptiert haben';
  return [
    { kind: 'paragraph', text: `${site.name} · ${site.address.street} · ${site.address.postalCode} ${site.address.city} · ${site.email}`, small: true },
    { kind: 'title', text: 'Vertragsbestätigung' },
    { kind: 'paragraph', text: `Bestellung ${order.orderNumber} vom ${formatOrderTime(order.createdAt)}`, bold: true },
    { kind: 'paragraph', text: `Vertragsschluss: am ${formatOrderTime(order.acceptedAt)} mit unserer Annahme Ihrer Bestellung (§ 3 AGB)` },
    { kind: 'paragraph', text: servicesStartLine(order) },
    {
      kind: 'paragraph',
      text:
        `Dieses Dokument gibt den Inhalt Ihrer Bestellung und Ihrer Verträge wieder: die bestellten Leistungen mit ihren Preisen, die Verträge mit Laufzeit und Kündigungsfristen, ` +
        `Ihre Erklärungen bei der Bestellung und ${legal}. Wir haben Ihre Bestellung angenommen; die Verträge sind damit zustande gekommen${consumerOf(order) ? ', und die Widerrufsfrist läuft ab diesem Tag' : ''}. ` +
        'Sie erhalten dieses Dokument mit unserer Auftragsbestätigung. Bitte bewahren Sie es auf.',
    },
    { kind: 'heading', text: 'Vertragspartner', level: 1 },
    {
      kind: 'rows',
      rows: [
        { label: 'Anbieter', value: sellerText() },
        { label: `Kunde (${customerTypeLabel[order.request.customer.type]}), Rechnungsanschrift`, value: customerLines(order.request).join('\n') },
      ],
    },
  ];
}

/** Every line as the order mail states it: name, amount and rhythm, terms of the customer's type, features. */
function orderBlocks(order: AcceptedOrder): Block[] {
  const { basis, schedule } = order.cart;
  const display = basis;
  const lines = order.cart.lines.flatMap((line, index): Block[] => {
    const entry = line.entry!;
    return [
      { kind: 'heading', text: `${index + 1}. ${entry.name}`, level: 3 },
      { kind: 'paragraph', text: lineText(line, basis, display) },
      ...(entry.term ? [{ kind: 'paragraph', text: `Laufzeit: ${termSummary(entry.term, order.request.customer.type)}` } satisfies Block] : []),
      ...(entry.features.length > 0 ? [{ kind: 'list', items: entry.features, small: true } satisfies Block] : []),
    ];
  });
  const amounts: Row[] = [
    { label: DUE_NOW_LABEL, value: `${amountText(schedule.dueNow, display)}\n(${DUE_NOW_NOTE})` },
    ...schedule.recurring.map(({ everyMonths, amount }) => ({ label: `${RECURRING_LABEL} ${recurringLabel(everyMonths)}`, value: amountText(amount, display) })),
  ];
  return [
    { kind: 'heading', text: 'Ihre Bestellung', level: 1 },
    ...lines,
    { kind: 'heading', text: 'Beträge nach Abrechnungsrhythmus', level: 2 },
    { kind: 'rows', rows: amounts },
    ...taxTexts(order).map((text): Block => ({ kind: 'paragraph', text })),
  ];
}

function contractRows(order: AcceptedOrder, contract: ConfirmedContract, line: PricedLine, origin: string): Row[] {
  const term = line.entry!.term!;
  const customerType = order.request.customer.type;
  const texts = termTexts(term, customerType);
  const terms = { startsOn: contract.startsOn, minimumMonths: term.minimumMonths, noticeDays: term.noticeDays, customerType };
  // The end a regular cancellation received on the first day gives: the next possible end.
  const nextEnd = earliestEnd(terms, contract.startsOn);
  const display = order.cart.basis;
  return [
    { label: 'Leistung', value: line.quantity > 1 ? `${line.entry!.name}, Menge ${line.quantity}` : line.entry!.name },
    {
      label: 'Preis je Abrechnungszeitraum',
      value: `${paymentAmountText(line, order.cart.basis, display)} ${vatLabel(line.vatPercent, display)}, ${paymentText(line.rhythm, line.unit)}`,
    },
    { label: 'Vertragsbeginn', value: germanDate(contract.startsOn) },
    { label: 'Mindestlaufzeit', value: `${texts.minimumTerm}, bis einschließlich ${germanDate(minimumTermEnd(terms))}` },
    { label: 'Laufzeit und Kündigung', value: `Kündbar ${texts.firstNotice}. ${texts.afterwards}` },
    {
      label: 'Nächstmögliches Vertragsende',
      value: `${germanDate(nextEnd)}, wenn Ihre Kündigung bis zum ${germanDate(addDays(nextEnd, -term.noticeDays))} bei uns eingeht`,
    },
    { label: 'Kündigung erklären', value: `In Textform, auch online über „Verträge hier kündigen“: ${origin}/vertraege-kuendigen (bitte die Vertragsnummer angeben)` },
  ];
}

function contractBlocks(input: ContractConfirmationInput): Block[] {
  const { order, contracts, origin } = input;
  if (contracts.length === 0) {
    return [
      { kind: 'heading', text: 'Ihre Verträge', level: 1 },
      { kind: 'paragraph', text: 'Diese Bestellung enthält keine Leistung mit Vertragslaufzeit: Alle Leistungen sind einmalig zu zahlen.' },
    ];
  }
  return [
    { kind: 'heading', text: 'Ihre Verträge', level: 1 },
    ...contracts.flatMap((contract): Block[] => {
      const line = order.cart.lines[contract.position - 1];
      if (!line?.entry?.term) throw new Error(`Vertrag ${contract.contractNumber}: Bestellposition ${contract.position} hat keine Laufzeit.`);
      return [
        { kind: 'heading', text: `Vertrag ${contract.contractNumber}: ${line.entry.name}`, level: 2 },
        { kind: 'rows', rows: contractRows(order, contract, line, origin) },
      ];
    }),
  ];
}

function paymentAndDeclarationBlocks(input: ContractConfirmationInput): Block[] {
  const { order, origin } = input;
  return [
    { kind: 'heading', text: `Zahlungsart: ${PAYMENT_METHOD_LABEL[order.request.paymentMethod]}`, level: 1 },
    ...paymentTexts(order).map((text): Block => ({ kind: 'paragraph', text })),
    { kind: 'heading', text: 'Ihre Erklärungen bei der Bestellung', level: 1 },
    { kind: 'list', items: [...declarationTexts(order), `Akzeptierte AGB: Stand ${formatStand(new Date(legalTexts.agb.stand))}, Fassung ${order.agbVersion}.`] },
    {
      kind: 'paragraph',
      text: consumerOf(order)
        ? `Ihr Widerrufsrecht: Einzelheiten enthalten die Widerrufsbelehrung und das Muster-Widerrufsformular am Ende dieses Dokuments. Den Widerruf können Sie auch online erklären: ${origin}/online-widerrufsformular`
        : NO_WITHDRAWAL_FOR_BUSINESSES,
    },
  ];
}

function legalBlocks(order: AcceptedOrder): Block[] {
  const { agb, widerrufsbelehrung } = legalTexts;
  const form = musterWiderrufsformularText(site).split(/\r?\n/);
  return [
    { kind: 'heading', text: `Allgemeine Geschäftsbedingungen (Stand ${formatStand(new Date(agb.stand))})`, level: 1, newPage: true },
    { kind: 'paragraph', text: `Fassung ${agb.version}, von Ihnen akzeptiert am ${formatOrderTime(order.createdAt)}.`, small: true },
    { kind: 'markdown', markdown: agb.markdown },
    ...(consumerOf(order)
      ? ([
          { kind: 'heading', text: 'Widerrufsbelehrung', level: 1, newPage: true },
          { kind: 'markdown', markdown: widerrufsbelehrung.markdown },
          { kind: 'heading', text: 'Muster-Widerrufsformular', level: 1, newPage: true },
          // The form's own first line is its title, drawn as the heading above.
          { kind: 'form', lines: form[0] === 'Muster-Widerrufsformular' ? form.slice(1) : form },
        ] satisfies Block[])
      : []),
  ];
}

/** What the document says, in order. Throws rather than print AGB other than the ones accepted. */
export function contractConfirmationBlocks(input: ContractConfirmationInput): Block[] {
  if (legalTexts.agb.version !== input.order.agbVersion) {
    throw new Error(`Die AGB dieses Builds (${legalTexts.agb.version}) sind nicht die akzeptierte Fassung ${input.order.agbVersion}.`);
  }
  return [...introBlocks(input.order), ...orderBlocks(input.order), ...contractBlocks(input), ...paymentAndDeclarationBlocks(input), ...legalBlocks(input.order)];
}

function draw(doc: Pdf, blocks: readonly Block[], origin: string): void {
  for (const block of blocks) {
    switch (block.kind) {
      case 'title':
        title(doc, block.text);
        break;
      case 'heading':
        if (block.newPage) newPage(doc);
        heading(doc, block.text, block.level);
        break;
      case 'paragraph':
        paragraph(doc, [{ text: block.text, bold: block.bold }], { size: block.small ? TEXT_SIZE.small : TEXT_SIZE.body, muted: block.small });
        break;
      case 'rows':
        rows(doc, block.rows);
        break;
      case 'list':
        list(doc, block.items, { size: block.small ? TEXT_SIZE.small : TEXT_SIZE.body });
        break;
      case 'markdown':
        renderMarkdown(doc, block.markdown, { baseUrl: origin });
        break;
      case 'form':
        preformatted(doc, block.lines);
        break;
    }
  }
}

export async function contractConfirmationPdf(input: ContractConfirmationInput): Promise<ContractConfirmation> {
  const { orderNumber, createdAt } = input.order;
  const blocks = contractConfirmationBlocks(input);
  const doc = createPdf({ title: `Vertragsbestätigung ${orderNumber}`, subject: `Vertragsbestätigung zur Bestellung ${orderNumber} bei der ${site.name}`, createdAt });
  draw(doc, blocks, input.origin);
  footers(doc, (page, pages) => `Vertragsbestätigung zur Bestellung ${orderNumber} · ${site.name} · Seite ${page} von ${pages}`);
  return { fileName: contractConfirmationFileName(orderNumber), content: await pdfBytes(doc) };
}

/** The PDF as a mail attachment; the outbox stores attachments as JSON, so the bytes travel as Base64. */
export function contractConfirmationAttachment(document: ContractConfirmation): MailAttachment {
  return { filename: document.fileName, contentType: 'application/pdf', content: document.content.toString('base64'), encoding: 'base64' };
}
