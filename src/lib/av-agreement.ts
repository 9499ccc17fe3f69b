/**
 * The customer's part of the data-processing agreement (src/content/legal/av-vertrag.md,
 * docs/decisions/0036-av-agreement.md): one text with the placeholders `{{auftraggeber}}` and
 * `{{kundennummer}}` besides the company's. /av-vertrag shows it with blanks as the draft every
 * prospect can read; the mailed agreement is the same text with the customer's record filled in.
 */

export interface AgreementController {
  /** The company, or the name of a customer without one, with the address on record, on one line. */
  nameAndAddress: string;
  /** 'K-000042' */
  customerNumber: string;
}

/** What the draft shows where the customer's data will stand. */
export const DRAFT_CONTROLLER: AgreementController = {
  nameAndAddress: '[Name und Anschrift des Auftraggebers]',
  customerNumber: '[Kundennummer]',
};

/** The agreement's own placeholders; `escape` makes the values safe for the target (HTML or Markdown). */
export function controllerPlaceholders(controller: AgreementController, escape: (text: string) => string = (text) => text): Record<string, string> {
  return { auftraggeber: escape(controller.nameAndAddress), kundennummer: escape(controller.customerNumber) };
}

/** The controller's name and address from the customer's record, as the agreement names them. */
export function controllerNameAndAddress(record: { company: string | null; name: string; street: string; postalCode: string; city: string; country: string }): string {
  const singleSpaced = (text: string) => text.replace(/\s+/g, ' ').trim();
  return [record.company ?? record.name, record.street, `${record.postalCode} ${record.city}`, record.country].map(singleSpaced).join(', ');
}
