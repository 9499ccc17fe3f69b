/**
 * How long we keep each kind of personal data, and what the daily retention run deletes
 * (docs/decisions/0062-deletion-periods.md). This table is the one source: /datenschutz renders its
 * periods from here (retentionPlaceholders) and the run computes its cut-off days from here
 * (retentionCutoffs), so the promise and the practice cannot drift apart. Pure: no I/O.
 */

/** A calendar day in Köln, 'YYYY-MM-DD'. */
export type IsoDay = string;

/** The kinds the retention run deletes, each named in its log (table retention_runs). */
export type RetentionKind = 'inquiries' | 'click-dummy-requests' | 'guest-chats' | 'sent-mails' | 'access-links' | 'declarations' | 'invoices' | 'orders';

/**
 * When a period runs out. 'event': counted from the day of the event (§ 187 Abs. 1, § 188 Abs. 2
 * BGB: an inquiry of 29.11.2023 is kept through 29.11.2026). 'year-end': counted from the end of
 * the calendar year of the event, as § 147 Abs. 4 AO and § 257 Abs. 5 HGB count the statutory
 * periods (an invoice of 2017 is kept through 31.12.2025).
 */
export type RetentionPeriod = { years: number; from: 'event' | 'year-end' } | { days: number; from: 'event' };

export interface RetentionRule {
  kind: RetentionKind;
  /** What is stored, in the words of /datenschutz. */
  data: string;
  period: RetentionPeriod;
  /** The event the period runs from, completing "… nach/ab …" (German). */
  event: string;
  /** Why we keep it that long (German, as /datenschutz cites it). */
  basis: string;
  /** What keeps it beyond the period (German, "jedoch nicht, solange …"); none when the period alone decides. */
  unless?: string;
}

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    kind: 'inquiries',
    data: 'Anfragen über das Kontaktformular, das Anfrageformular, den Auftragskonfigurator, Demo-Anfragen und Anforderungen des AV-Vertrags',
    period: { years: 3, from: 'event' },
    event: 'Eingang der Anfrage',
    basis: 'Nachweis der Kommunikation, Art. 6 Abs. 1 lit. f DSGVO',
  },
  {
    kind: 'click-dummy-requests',
    data: 'Anfragen zu Click-Dummys (Name, E-Mail-Adresse, Beschreibung)',
    period: { years: 3, from: 'event' },
    event: 'Eingang der Anfrage',
    basis: 'Rückfragen zum Prototyp und Nachweis der Kommunikation, Art. 6 Abs. 1 lit. b und f DSGVO',
  },
  {
    kind: 'guest-chats',
    data: 'Unterhaltungen im Support-Chat ohne Kundenkonto',
    period: { years: 3, from: 'event' },
    event: 'der letzten Nachricht',
    basis: 'Nachvollziehbarkeit des Supports, Art. 6 Abs. 1 lit. b und f DSGVO',
  },
  {
    kind: 'sent-mails',
    data: 'Kopien der E-Mails, die wir Ihnen senden (Postausgang)',
    period: { days: 90, from: 'event' },
    event: 'dem Absenden',
    basis: 'Zustellung und ihr Nachweis, Art. 6 Abs. 1 lit. b und f DSGVO; was aufzubewahren ist, bewahren wir als Bestellung, Rechnung oder Erklärung auf',
  },
  {
    kind: 'access-links',
    data: 'Sitzungen, Links zum Zurücksetzen des Passworts und Bestätigungslinks (gespeichert nur als Hashwert, mit Konto und Zeitpunkten)',
    period: { days: 30, from: 'event' },
    event: 'ihrem Ablauf',
    basis: 'Aufklärung eines Missbrauchs des Kontos, Art. 6 Abs. 1 lit. f DSGVO',
  },
  {
    kind: 'declarations',
    data: 'Kündigungen und Widerrufe mit ihrer Bestätigung',
    period: { years: 6, from: 'year-end' },
    event: 'dem Ende des Kalenderjahres ihres Eingangs',
    basis: 'Handels- und Geschäftsbriefe, § 257 Abs. 1 Nr. 2, 3 und Abs. 4 HGB, § 147 Abs. 1 Nr. 2, 3 und Abs. 3 AO',
    unless: 'jedoch nicht, solange ein Vertrag, den eine Kündigung beendet hat, oder eine widerrufene Bestellung noch aufbewahrt wird',
  },
  {
    kind: 'invoices',
    data: 'Rechnungen und Stornorechnungen mit ihren PDF- und E-Rechnungsdateien, Zahlungseingängen, Mahnungen und Lastschriftdateien',
    period: { years: 8, from: 'year-end' },
    event: 'dem Ende des Kalenderjahres, in dem die Rechnung ausgestellt wurde',
    basis: 'Buchungsbelege, § 147 Abs. 1 Nr. 4, Abs. 3 und 4 AO, § 14b Abs. 1 UStG',
    unless: 'jedoch nicht, solange die Rechnung offen ist oder Ihr Kundenkonto besteht (dort stehen Ihre Rechnungen zum Abruf bereit, bis Sie das Konto löschen)',
  },
  {
    kind: 'orders',
    data: 'Bestellungen mit Verträgen und Vertragsbestätigungen',
    period: { years: 6, from: 'year-end' },
    event: 'dem Ende des Kalenderjahres, in dem bestellt wurde oder – wenn später – der letzte Vertrag der Bestellung endete',
    basis: 'Handels- und Geschäftsbriefe, § 257 Abs. 1 Nr. 2, 3 und Abs. 4 HGB, § 147 Abs. 1 Nr. 2, 3 und Abs. 3 AO',
    unless: 'jedoch nicht, solange noch eine Rechnung zu der Bestellung aufbewahrt wird oder Ihr Kundenkonto besteht',
  },
];

export function retentionRule(kind: RetentionKind): RetentionRule {
  const rule = RETENTION_RULES.find((candidate) => candidate.kind === kind);
  if (!rule) throw new Error(`Keine Speicherfrist für ${kind}`);
  return rule;
}

const DAY_MS = 86_400_000;

/** `day` minus whole years; 29 February becomes 28 February in a common year (§ 188 Abs. 3 BGB). */
function yearsBefore(day: IsoDay, years: number): IsoDay {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = year - years;
  const lastOfMonth = new Date(Date.UTC(target, month, 0)).getUTCDate();
  return `${String(target).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(date, lastOfMonth)).padStart(2, '0')}`;
}

function daysBefore(day: IsoDay, days: number): IsoDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The cut-off day of a period on `today`: a record whose event day (in Köln) lies before it is
 * due. 'event': the same day `years` back – the event on that very day is kept one more day,
 * because its period ends only at the end of today. 'year-end': 1 January of the year `years`
 * back – what happened in an earlier year has seen its period end on 31 December.
 */
export function cutoffOf(period: RetentionPeriod, today: IsoDay): IsoDay {
  if ('days' in period) return daysBefore(today, period.days);
  if (period.from === 'event') return yearsBefore(today, period.years);
  return `${String(Number(today.slice(0, 4)) - period.years).padStart(4, '0')}-01-01`;
}

/** For each kind the run deletes: what is due on `today` is what happened before this day. */
export function retentionCutoffs(today: IsoDay): Record<RetentionKind, IsoDay> {
  return Object.fromEntries(RETENTION_RULES.map((rule) => [rule.kind, cutoffOf(rule.period, today)])) as Record<RetentionKind, IsoDay>;
}

const NUMBER_WORDS = ['null', 'einem', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun', 'zehn', 'elf', 'zwölf'];

/** "drei Jahre", "acht Jahre", "90 Tage" – numbers up to twelve in words, as German prose writes them. */
function periodText(period: RetentionPeriod): string {
  if ('days' in period) return `${period.days} Tage`;
  const word = period.years <= 12 ? NUMBER_WORDS[period.years] : String(period.years);
  return period.years === 1 ? 'ein Jahr' : `${word} Jahre`;
}

/** The sentence /datenschutz shows for a kind: "Wir löschen … drei Jahre nach Eingang der Anfrage." */
export function retentionSentence(rule: RetentionRule): string {
  const from = rule.period.from === 'year-end' ? 'ab' : 'nach';
  const unless = rule.unless ? `, ${rule.unless}` : '';
  return `${periodText(rule.period)} ${from} ${rule.event} (${rule.basis}); danach löschen wir sie${unless}.`;
}
