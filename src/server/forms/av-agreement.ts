import { site } from '../../config/site.ts';
import { controllerPlaceholders, type AgreementController } from '../../lib/av-agreement.ts';
import { formatReceivedAt, germanDate } from '../../lib/forms/dates.ts';
import { escapeMarkdown, fillPlaceholders } from '../../lib/legal.ts';
import { legalTexts } from '../documents/legal-texts.ts';
import { renderMarkdown } from '../documents/markdown.ts';
import { createPdf, ensureSpace, footers, paragraph, pdfBytes, preformatted, TEXT_SIZE, title } from '../documents/pdf.ts';
import type { MailAttachment } from '../mail/message.ts';

/**
 * The data-processing agreement of Art. 28 GDPR as the customer gets it
 * (docs/decisions/0036-av-agreement.md): the text of src/content/legal/av-vertrag.md – the
 * draft /av-vertrag shows – with the controller filled in from the customer's record, as a PDF
 * with lines for both signatures.
 */

/** The agreement's Markdown with the customer's part filled in. */
function agreementMarkdown(controller: AgreementController): string {
  return fillPlaceholders(legalTexts.avVertrag.markdown, controllerPlaceholders(controller, escapeMarkdown));
}

/** ASCII only: every mail program keeps the name as it is. */
function agreementFileName(customerNumber: string): string {
  return `AV-Vertrag-${customerNumber}.pdf`;
}

export async function agreementPdf(controller: AgreementController, issuedAt: Date, origin: string): Promise<MailAttachment> {
  const { title: heading, stand } = legalTexts.avVertrag;
  const issued = formatReceivedAt(issuedAt).date;
  const doc = createPdf({ title: `${heading} – ${controller.customerNumber}`, subject: `AV-Vertrag für Kundennummer ${controller.customerNumber}`, createdAt: issuedAt });
  title(doc, heading);
  paragraph(doc, `Stand des Vertragstexts: ${germanDate(stand)} · ausgestellt am ${issued} für Kundennummer ${controller.customerNumber}`, { size: TEXT_SIZE.small, muted: true });
  renderMarkdown(doc, agreementMarkdown(controller), { baseUrl: origin });
  // Both signatures on one page.
  ensureSpace(doc, 8 * (TEXT_SIZE.body + 2));
  preformatted(doc, [
    '',
    '',
    '_______________________________________________',
    `${site.address.city}, ${issued} – ${site.name} (Auftragnehmer)`,
    '',
    '',
    '_______________________________________________',
    'Ort, Datum, Unterschrift des Auftraggebers',
  ]);
  footers(doc, (page, pages) => `AV-Vertrag · Kundennummer ${controller.customerNumber} · ${site.name} · Seite ${page} von ${pages}`);
  const content = await pdfBytes(doc);
  return { filename: agreementFileName(controller.customerNumber), contentType: 'application/pdf', content: content.toString('base64'), encoding: 'base64' };
}
