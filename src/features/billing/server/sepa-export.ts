import anyAscii from 'any-ascii';
import { Document, validateCreditorID, validateIBAN } from 'sepa';
import { site } from '../../../config/site.ts';
import type { DueDebit, SequenceType } from '../agent-types.ts';
import { addDays, type IsoDay } from '../../../lib/contracts/ends.ts';
import { easterSunday } from '../../../lib/contracts/working-days.ts';
import { UNREADABLE_IN_SEPA } from '../../../lib/sepa-name.ts';

/**
 * The SEPA collection file (pain.008) agents hand to the bank (issue 24): one direct debit per
 * invoice, made with the maintained `sepa` library (sepa.js), which writes the XML and checks
 * IBANs, the creditor id, ids and amounts. Version pain.008.001.08, which German banks take since
 * the DK's format change of November 2023 (DFÜ-Abkommen Anlage 3, version 3.7); SEPA Core
 * scheme, no BIC for the debtors (IBAN only, as the checkout asks).
 */

/** The message format of the file. */
const PAIN_FORMAT = 'pain.008.001.08';

/** A direct debit as the file needs it. */
export interface DebitForFile extends Pick<DueDebit, 'invoiceNumber' | 'debtorName' | 'amountCents' | 'mandateReference' | 'collectionOn' | 'sequenceType'> {
  debtorIban: string;
  /** The day the customer gave the mandate (at the checkout, German time). */
  mandateSignedOn: IsoDay;
}

// --- Bank days: the days the SEPA clearing (TARGET2) settles on.

/** TARGET2 closes on weekends, 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December. */
export function isBankDay(day: IsoDay): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (['01-01', '05-01', '12-25', '12-26'].includes(day.slice(5))) return false;
  const easter = easterSunday(Number(day.slice(0, 4)));
  return day !== addDays(easter, -2) && day !== addDays(easter, 1);
}

/**
 * The day the bank is asked to collect: the day the pre-notification named when the bank can still
 * collect on it, else the next bank day that can be. A SEPA Core debit reaches the debtor's bank at
 * least one bank day before (D-1): a file handed over today collects from the next bank day after
 * today on. A day on a weekend or holiday moves to the next bank day.
 */
export function collectionDay(debitOn: IsoDay, today: IsoDay): IsoDay {
  let day = debitOn > today ? debitOn : addDays(today, 1);
  while (!isBankDay(day)) day = addDays(day, 1);
  return day;
}

/** A debit of the next file before its collection day and sequence are decided. */
export interface DebitCandidate extends Omit<DebitForFile, 'collectionOn' | 'sequenceType'> {
  orderNumber: string;
  debitOn: IsoDay;
  /** Whether a debit of this mandate went out in an earlier file. */
  mandateUsedBefore: boolean;
}

/**
 * Collection days and sequence types of the next file's debits, in collection order: a mandate's
 * first debit ever is FRST, every later one RCUR (also a second debit of a new mandate in the
 * same file, collected on the same day or later).
 */
export function planDebits(candidates: readonly DebitCandidate[], today: IsoDay): (DueDebit & DebitForFile)[] {
  const planned = candidates
    .map((candidate) => ({ ...candidate, collectionOn: collectionDay(candidate.debitOn, today) }))
    .sort((a, b) => a.collectionOn.localeCompare(b.collectionOn) || a.invoiceNumber.localeCompare(b.invoiceNumber));
  const firstSeen = new Set<string>();
  return planned.map(({ mandateUsedBefore, ...debit }) => {
    let sequenceType: SequenceType = 'RCUR';
    if (!mandateUsedBefore && !firstSeen.has(debit.mandateReference)) sequenceType = 'FRST';
    firstSeen.add(debit.mandateReference);
    return { ...debit, sequenceType };
  });
}

// --- The XML.

/** A calendar day as the library writes it: it formats the Date's local day, so noon of that day. */
function localDate(day: IsoDay): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date, 12);
}

/** German banking practice writes umlauts and ß out (DK Anlage 3), where the library would drop the dots. */
const GERMAN_LETTERS: Readonly<Record<string, string>> = { Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', ẞ: 'SS' };

/** The EPC's basic character set for SEPA files (EPC217-08): anything else is rejected by some banks. */
const NOT_EPC = /[^A-Za-z0-9/\-?:().,'+ ]/g;

/**
 * Free text in the character set every SEPA bank takes (decision 0060): umlauts and ß written out,
 * other scripts transliterated by the maintained `any-ascii` (Greek, Cyrillic, kana, accents, …),
 * Chinese characters left out (src/lib/sepa-name.ts), any other sign a space. At most `max`
 * characters (70 for names, 140 for the remittance text), cut at the last whole word that fits.
 */
export function sepaText(text: string, max = 70): string {
  const latin = anyAscii(
    text
      .normalize('NFC')
      .replace(/[ÄÖÜäöüßẞ]/g, (char) => GERMAN_LETTERS[char]!)
      .replace(UNREADABLE_IN_SEPA, ' '),
  );
  // Brackets around what was left out ('Taro (山田太郎)') would stand empty.
  const kept = latin.replace(NOT_EPC, ' ').replace(/\(\s*\)/g, ' ').replace(/\s+/g, ' ').trim();
  if (kept.length <= max) return kept;
  const cut = kept.slice(0, max + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : kept.slice(0, max)).trim();
}

/**
 * The debtor's name in the file, never empty: the bank rejects a file with an empty `<Nm/>`. As
 * sepaText writes it; only a name in Chinese characters alone, from an order placed before the
 * checkout asked for Latin letters (decision 0060), falls back to any-ascii's (Chinese) reading of them.
 */
function debtorName(name: string): string {
  return sepaText(name) || sepaText(anyAscii(name));
}

export interface PainFile {
  /** Unique per file for the bank (GrpHdr/MsgId), at most 35 characters of the SEPA id set. */
  messageId: string;
  createdAt: Date;
  debits: readonly DebitForFile[];
}

/**
 * The pain.008 document: one payment block per collection day and sequence type (both are
 * block-level in the format), one transaction per invoice with its mandate, the invoice number as
 * end-to-end id (the customer sees it on the statement) and as remittance text.
 */
export function painXml(file: PainFile): string {
  if (!validateCreditorID(site.sepaCreditorId)) throw new Error(`Gläubiger-ID ungültig: ${site.sepaCreditorId}`);
  if (!validateIBAN(site.bankAccount.iban)) throw new Error('IBAN des Firmenkontos ungültig.');
  const doc = new Document(PAIN_FORMAT);
  doc.grpHdr.id = file.messageId;
  doc.grpHdr.created = file.createdAt;
  doc.grpHdr.initiatorName = sepaText(site.name);

  const blocks = new Map<string, DebitForFile[]>();
  for (const debit of file.debits) {
    const key = `${debit.collectionOn} ${debit.sequenceType}`;
    blocks.set(key, [...(blocks.get(key) ?? []), debit]);
  }
  for (const debits of [...blocks.values()]) {
    const info = doc.createPaymentInfo();
    info.collectionDate = localDate(debits[0]!.collectionOn);
    info.sequenceType = debits[0]!.sequenceType;
    info.localInstrumentation = 'CORE';
    info.batchBooking = true;
    info.creditorName = sepaText(site.name);
    info.creditorIBAN = site.bankAccount.iban;
    info.creditorBIC = site.bankAccount.bic;
    info.creditorId = site.sepaCreditorId;
    doc.addPaymentInfo(info);
    for (const debit of debits) {
      const tx = info.createTransaction();
      tx.debtorName = debtorName(debit.debtorName);
      tx.debtorIBAN = debit.debtorIban.replace(/\s+/g, '').toUpperCase();
      tx.mandateId = debit.mandateReference;
      tx.mandateSignatureDate = localDate(debit.mandateSignedOn);
      // Whole cents as a decimal with two places; the library sums the control sums from these.
      tx.amount = debit.amountCents / 100;
      tx.remittanceInfo = sepaText(`Rechnung ${debit.invoiceNumber}`, 140);
      tx.end2endId = debit.invoiceNumber;
      info.addTransaction(tx);
    }
  }
  return doc.toString();
}
