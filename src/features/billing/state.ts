import { addDays, type IsoDay } from '../../lib/contracts/ends.ts';
import type { InvoiceKind, InvoicePaymentMethod } from './kinds.ts';
import { SEPA_PRE_NOTICE_DAYS } from './terms.ts';

/**
 * Where an invoice and its cancellation invoices stand (issue 34, docs/decisions/0058-invoice-state.md):
 * one pure function over the facts of one ledger – the invoice, the cancellation invoices that
 * correct it, the money recorded for them and the direct debit handed to the bank – for the
 * customer area, the agents' invoice list, the inbox, the reminders, the SEPA file and the text of
 * a cancellation invoice. The facts are loaded by one statement shape (server/facts.ts); nothing
 * about states is decided anywhere else.
 */

/** Money recorded by an agent: a payment received, or a refund paid out. */
export interface RecordedMoney {
  receivedOn: IsoDay;
  cents: number;
}

export interface CreditFacts {
  number: string;
  /** What the cancellation invoice credits (positive gross cents). */
  totalCents: number;
  issuedOn: IsoDay;
  /** The day the refund is made at the latest, if one is owed. */
  dueOn: IsoDay;
  /** The refund an agent recorded as paid out. */
  refund: RecordedMoney | null;
}

/** The facts of one invoice and everything that corrects or settles it. */
export interface LedgerFacts {
  number: string;
  totalCents: number;
  dueOn: IsoDay;
  paymentMethod: InvoicePaymentMethod;
  /** The day the invoice's pre-notification named (SEPA only). */
  debitOn: IsoDay | null;
  /** The payment an agent recorded, with the amount that was open when it came in. */
  payment: RecordedMoney | null;
  /** The direct debit in a file handed to the bank, with the amount the file collects. */
  submittedDebit: { cents: number; exportId: number } | null;
  /** The cancellation invoices, in the order they were issued. */
  credits: CreditFacts[];
}

/**
 * The one vocabulary. Of an invoice: 'open' and 'overdue' wait for the customer's money,
 * 'debiting' is collected by a direct debit already handed to the bank, 'settled' is paid (or
 * owes nothing), 'cancelled' was credited in full before any money came, 'refund-due' got more
 * money than it still claims, 'refunded' was credited in full and the money went back. Of a
 * cancellation invoice: 'offset' reduced a claim not yet paid (nothing goes back), 'refund-due'
 * still owes the customer money, 'refunded' paid it out.
 */
export const INVOICE_STATES = ['open', 'overdue', 'debiting', 'settled', 'cancelled', 'refund-due', 'refunded', 'offset'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const INVOICE_STATE_LABEL: Readonly<Record<InvoiceState, string>> = {
  open: 'offen',
  overdue: 'überfällig',
  debiting: 'Lastschrift eingereicht',
  settled: 'bezahlt',
  cancelled: 'storniert',
  'refund-due': 'Erstattung offen',
  refunded: 'erstattet',
  offset: 'verrechnet',
};

/** States in which money still has to move: from the customer, by the bank, or back to the customer. */
export const AWAITING_STATES: readonly InvoiceState[] = ['open', 'overdue', 'debiting', 'refund-due'];
/** States in which nothing is left to do. */
export const DONE_STATES: readonly InvoiceState[] = ['settled', 'cancelled', 'refunded', 'offset'];

export interface DocumentState {
  state: InvoiceState;
  /**
   * The money still to move for this document, in the direction its state says: what the customer
   * still owes ('open', 'overdue'), what the bank collects ('debiting'), what we pay back
   * ('refund-due'); 0 otherwise.
   */
  openCents: number;
}

export interface LedgerState {
  invoice: DocumentState;
  /** Per cancellation invoice, in the order of the facts. */
  credits: DocumentState[];
  /**
   * The direct debit still to hand to the bank (an unpaid SEPA invoice not yet in a file): what is
   * left after the credits, on the announced day – or, when a cancellation invoice changed the
   * amount, not before its new pre-notification's five days have passed.
   */
  debit: { cents: number; on: IsoDay } | null;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const later = (a: IsoDay, b: IsoDay) => (a > b ? a : b);

/** The whole ledger for `today` (Germany, 'YYYY-MM-DD'). */
export function ledgerState(facts: LedgerFacts, today: IsoDay): LedgerState {
  const credited = sum(facts.credits.map((credit) => credit.totalCents));
  const claim = Math.max(0, facts.totalCents - credited);
  // Money that came in, or is on its way in a file the bank collects.
  const received = facts.payment?.cents ?? facts.submittedDebit?.cents ?? 0;
  const refunded = sum(facts.credits.map((credit) => credit.refund?.cents ?? 0));
  // > 0: the customer still owes it; < 0: we owe it back.
  const balance = claim - received + refunded;

  const debit =
    facts.paymentMethod === 'sepa' && facts.debitOn !== null && facts.payment === null && facts.submittedDebit === null && claim > 0
      ? {
          cents: claim,
          on: facts.credits.length === 0 ? facts.debitOn : later(facts.debitOn, addDays(facts.credits.at(-1)!.issuedOn, SEPA_PRE_NOTICE_DAYS)),
        }
      : null;

  let invoice: DocumentState;
  if (facts.payment === null && facts.submittedDebit !== null) invoice = { state: 'debiting', openCents: facts.submittedDebit.cents };
  else if (balance > 0) invoice = { state: today > later(facts.dueOn, debit?.on ?? facts.dueOn) ? 'overdue' : 'open', openCents: balance };
  else if (balance < 0) invoice = { state: 'refund-due', openCents: -balance };
  else if (received === 0 && credited > 0) invoice = { state: 'cancelled', openCents: 0 };
  else if (refunded > 0 && credited >= facts.totalCents) invoice = { state: 'refunded', openCents: 0 };
  else invoice = { state: 'settled', openCents: 0 };

  // What is still to pay back goes to the latest cancellation invoices first: an earlier one was
  // offset against the claim before the money came (the payment recorded what was then open).
  let owedBack = Math.max(0, -balance);
  const credits: DocumentState[] = new Array(facts.credits.length);
  for (let index = facts.credits.length - 1; index >= 0; index -= 1) {
    const credit = facts.credits[index]!;
    if (credit.refund !== null) {
      credits[index] = { state: 'refunded', openCents: 0 };
      continue;
    }
    const share = Math.min(owedBack, credit.totalCents);
    owedBack -= share;
    credits[index] = share > 0 ? { state: 'refund-due', openCents: share } : { state: 'offset', openCents: 0 };
  }
  return { invoice, credits, debit };
}

/** The state of one document of the ledger: the invoice itself or one of its cancellation invoices. */
export function invoiceState(facts: LedgerFacts, number: string, today: IsoDay): DocumentState {
  const ledger = ledgerState(facts, today);
  if (number === facts.number) return ledger.invoice;
  const index = facts.credits.findIndex((credit) => credit.number === number);
  if (index < 0) throw new Error(`${number} gehört nicht zur Rechnung ${facts.number}.`);
  return ledger.credits[index]!;
}

/**
 * What a new cancellation invoice means for the money, at the moment it is issued (the facts
 * already hold it as the last credit): its text says exactly this.
 * - 'offset': the invoice was not paid; the credit reduces it. `remainingCents` is still to pay
 *   (by `dueOn`), or for a direct debit `debit` is collected instead of the announced amount
 *   (null: nothing is collected any more).
 * - 'refund': money came (or is being collected by a file the bank has): `refundCents` goes back,
 *   `offsetCents` of the credit only reduced what was still open.
 */
export type CreditSettlement =
  | { kind: 'offset'; remainingCents: number; dueOn: IsoDay; debit: { cents: number; on: IsoDay } | null }
  | { kind: 'refund'; refundCents: number; offsetCents: number; debitInFile: boolean };

export function creditSettlement(facts: LedgerFacts, today: IsoDay): CreditSettlement {
  const credit = facts.credits.at(-1);
  if (!credit) throw new Error(`Zur Rechnung ${facts.number} gibt es keine Stornorechnung.`);
  const ledger = ledgerState(facts, today);
  const own = ledger.credits.at(-1)!;
  if (own.state === 'refund-due') {
    return { kind: 'refund', refundCents: own.openCents, offsetCents: credit.totalCents - own.openCents, debitInFile: facts.payment === null && facts.submittedDebit !== null };
  }
  const remaining = ledger.invoice.state === 'open' || ledger.invoice.state === 'overdue' ? ledger.invoice.openCents : 0;
  return { kind: 'offset', remainingCents: remaining, dueOn: facts.dueOn, debit: ledger.debit };
}

/**
 * Whether an agent can record money for a document in this state, and how much (its openCents):
 * the payment of an invoice still waiting for money or being collected, the refund of a
 * cancellation invoice that owes some. An invoice's refund is recorded on its cancellation invoice.
 */
export function recordsMoney(kind: InvoiceKind, state: InvoiceState): boolean {
  return kind === 'invoice' ? state === 'open' || state === 'overdue' || state === 'debiting' : state === 'refund-due';
}

/** A state's label at the start of a sentence or a table cell ('Erstattung offen', 'Überfällig'). */
export function stateLabelCapitalized(state: InvoiceState): string {
  const label = INVOICE_STATE_LABEL[state];
  return label.charAt(0).toUpperCase() + label.slice(1);
}
