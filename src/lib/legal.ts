import { escapeHtml } from './html.ts';
import { telHref } from './phone.ts';

/**
 * Pure helpers of the legal pages (AGB, Impressum, Datenschutz, Widerrufsbelehrung): the 'Stand'
 * date, the company data inserted into the Markdown prose and the text of the sample
 * withdrawal form. Company data always comes in as an argument (src/config/site.ts), never as a
 * literal, so an address change is one edit.
 */

/** The company fields the legal texts need; src/config/site.ts satisfies it. */
export interface LegalCompany {
  name: string;
  address: { street: string; postalCode: string; city: string; country: string };
  phone: string;
  phoneDisplay: string;
  email: string;
  mailProvider: { name: string; address: string; location: string };
}

/** 'IONOS SE, Elgendorfer Straße 57, 56410 Montabaur (Ort der Verarbeitung: Deutschland)'. */
function mailProviderText({ mailProvider }: LegalCompany): string {
  return `${mailProvider.name}, ${mailProvider.address} (Ort der Verarbeitung: ${mailProvider.location})`;
}

/**
 * 'Stand' dates are calendar days: a YAML date is UTC midnight, so formatting in UTC keeps
 * 18.03.2023 from turning into 17.03.2023 on a build machine west of Greenwich.
 */
export function formatStand(date: Date): string {
  return new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** ISO day for `<time datetime>`. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The path of the withdrawal function (§ 356a BGB) that every page's 'Vertrag widerrufen' leads to. */
export const WITHDRAWAL_FORM_PATH = '/online-widerrufsformular';

/**
 * The full Internet address of the withdrawal function, which the Widerrufsbelehrung must name:
 * `origin` is the public origin the site is built for (Astro's `site`), so a text printed or
 * saved away from the website still says where to withdraw.
 */
export function withdrawalFormUrl(origin: string): string {
  return new URL(WITHDRAWAL_FORM_PATH, origin).toString();
}

/**
 * HTML for the placeholders the Markdown prose may use where the law wants company data inside
 * a sentence (the statutory Widerrufsbelehrung: "müssen Sie uns ({{firma}}, {{anschrift}}, …)").
 * Values are escaped here; links are built here because Markdown would URL-encode braces in
 * a link target.
 */
export function legalPlaceholders(company: LegalCompany, origin: string): Record<string, string> {
  const { street, postalCode, city } = company.address;
  const email = escapeHtml(company.email);
  const withdrawal = escapeHtml(withdrawalFormUrl(origin));
  return {
    firma: escapeHtml(company.name),
    anschrift: escapeHtml(`${street}, ${postalCode} ${city}`),
    telefon: `<a href="${escapeHtml(telHref(company.phone))}">${escapeHtml(company.phoneDisplay)}</a>`,
    email: `<a href="mailto:${email}">${email}</a>`,
    'online-widerrufsformular': `<a href="${withdrawal}">${withdrawal}</a>`,
    'e-mail-dienstleister': escapeHtml(mailProviderText(company)),
  };
}

/**
 * The same placeholders as plain text, for documents that are not HTML (the contract
 * confirmation PDF prints the AGB and the Widerrufsbelehrung with the company data filled in).
 */
export function legalPlaceholderTexts(company: LegalCompany, origin: string): Record<string, string> {
  const { street, postalCode, city } = company.address;
  return {
    firma: company.name,
    anschrift: `${street}, ${postalCode} ${city}`,
    telefon: company.phoneDisplay,
    email: company.email,
    'online-widerrufsformular': withdrawalFormUrl(origin),
    'e-mail-dienstleister': mailProviderText(company),
  };
}

/**
 * Company or customer data is inserted in the middle of Markdown sentences: escaping the
 * characters that start inline markup (emphasis, code, links, HTML, entities) keeps a name like
 * "A_B & Co" plain text.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>&]/g, '\\$&');
}

const PLACEHOLDER = /\{\{\s*([a-z-]+)\s*\}\}/g;

/**
 * Replaces `{{name}}` in rendered Markdown HTML (or in Markdown, with values escaped for it). An
 * unknown name throws, so a typo fails the build instead of publishing "{{anschirft}}" in a legal text.
 */
export function fillPlaceholders(html: string, values: Readonly<Record<string, string>>): string {
  return html.replace(PLACEHOLDER, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Unbekannter Platzhalter im Rechtstext: {{${name}}}`);
    return value;
  });
}

/**
 * The sample withdrawal form of Anlage 2 zu Art. 246a § 1 Abs. 2 Satz 1 Nr. 1 EGBGB (wording as
 * amended on 28.05.2022, without fax number) with our address filled in, as plain text that a
 * consumer prints or fills in an editor. CRLF line ends, so every editor shows the lines.
 */
export function musterWiderrufsformularText(company: LegalCompany): string {
  const { street, postalCode, city, country } = company.address;
  const lines = [
    'Muster-Widerrufsformular',
    '',
    '(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)',
    '',
    '– An',
    `  ${company.name}`,
    `  ${street}`,
    `  ${postalCode} ${city}`,
    `  ${country}`,
    `  E-Mail: ${company.email}`,
    '',
    '– Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*)/die Erbringung der folgenden Dienstleistung (*)',
    '',
    '  _______________________________________________',
    '',
    '– Bestellt am (*)/erhalten am (*)',
    '',
    '  _______________________________________________',
    '',
    '– Name des/der Verbraucher(s)',
    '',
    '  _______________________________________________',
    '',
    '– Anschrift des/der Verbraucher(s)',
    '',
    '  _______________________________________________',
    '',
    '– Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)',
    '',
    '  _______________________________________________',
    '',
    '– Datum',
    '',
    '  _______________________________________________',
    '',
    '(*) Unzutreffendes streichen.',
    '',
  ];
  return lines.join('\r\n');
}
