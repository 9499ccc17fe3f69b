import { site } from '../../config/site.ts';
import { escapeHtml } from '../../lib/html.ts';
import { formatReceivedAt } from '../../lib/forms/dates.ts';
import type { SummaryLine } from '../../lib/schemas/forms/common.ts';

/**
 * The one layout of every mail to a person (orders, forms, accounts, chat, inquiries): the
 * greeting, the feature's own lines, the company's signature. Features write only their lines.
 */

/** Header lines and list lines stay one line whatever a visitor typed. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

/** 'Guten Tag Erika Muster,' – or 'Guten Tag,' when no name is known. */
function greeting(name = ''): string {
  return name.trim() ? `Guten Tag ${oneLine(name)},` : 'Guten Tag,';
}

/** The closing of every letter: the company's name, address and how to reach it. */
function signature(): string[] {
  return [
    'Mit freundlichen Grüßen',
    site.name,
    `${site.address.street}, ${site.address.postalCode} ${site.address.city}`,
    `Telefon ${site.phoneDisplay} · ${site.email}`,
  ];
}

/** A letter as plain text: greeting, a blank line, the body, a blank line, the signature. */
export function letterText(name: string | undefined, body: readonly string[]): string {
  return [greeting(name), '', ...body, '', ...signature()].join('\n');
}

/** The same letter as HTML, for a mail that carries both: `paragraphs` are HTML already escaped. */
export function letterHtml(name: string | undefined, paragraphs: readonly string[]): string {
  return [
    `<p>${escapeHtml(greeting(name))}</p>`,
    ...paragraphs,
    `<p>${signature().map(escapeHtml).join('<br>')}</p>`,
  ].join('\n');
}

/** 'Label: value' lines; values over several lines are indented under their label. */
export function summaryText(lines: readonly SummaryLine[]): string[] {
  return lines.map(([label, value]) => `${label}: ${value.replace(/\r?\n/g, '\n    ')}`);
}

/** The sentence every receipt carries: date and time of receipt in German time. */
export function receivedLine(receivedAt: Date): string {
  const { date, time } = formatReceivedAt(receivedAt);
  return `Eingegangen am ${date} um ${time}.`;
}
