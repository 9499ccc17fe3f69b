import { normalisedOrderNumber, ORDER_NUMBER_IN_TEXT } from '../orders/order-number.ts';

/**
 * Which contract a cancellation names (issue 19, docs/decisions/0030-customer-area.md): from the
 * running contracts of the sender (a logged-in customer's, or those ordered under the e-mail
 * address a visitor typed) and what the declaration says – contract or order numbers in any of
 * its number fields, and the contract's name. A contract number decides alone; otherwise the
 * name (and an order number, if typed) must fit exactly one contract. Nothing is guessed: when
 * the declaration fits several or none, the end date follows from the agent's processing.
 * Withdrawals (decision 0054) read their numbers from free text with `numbersIn` and accept them
 * with `namedOrders`: the one place that knows what our numbers look like in prose.
 */

export interface CandidateContract {
  contractNumber: string;
  orderNumber: string;
  name: string;
}

export interface CancellationReference {
  /** 'Bezeichnung des Vertrags' as typed. */
  contractName: string;
  /** Every number field as typed (customer number, order or contract number). */
  numbers: readonly string[];
}

/**
 * A contract or order number as we write it: 'v-000042', 'V 000042' and 'V-42' are the same number
 * as 'V-000042'; order numbers as src/lib/orders/order-number.ts reads them. Null when it is none of ours.
 */
export function normalisedNumber(typed: string): string | null {
  const contract = /^V\s*-?\s*(\d{1,9})$/i.exec(typed.trim());
  return contract ? `V-${contract[1]!.padStart(6, '0')}` : normalisedOrderNumber(typed);
}

const folded = (text: string) => text.toLocaleLowerCase('de-DE').replace(/\s+/g, ' ').trim();

/** The typed name and the contract's name: one contains the other ('Webapp Basis' ↔ 'Webapp Basis (6 Monate)'). */
function namesFit(typed: string, name: string): boolean {
  const [a, b] = [folded(typed), folded(name)];
  return a !== '' && (a.includes(b) || b.includes(a));
}

/** A withdrawal names at most this many numbers: more looks like guessing and goes to an agent (issue 33). */
export const MAX_NAMED_NUMBERS = 3;

const NUMBER_IN_TEXT = new RegExp(String.raw`\b(?:${ORDER_NUMBER_IN_TEXT}|V\s*-?\s*\d{1,9})\b`, 'gi');

/**
 * Every order or contract number in a free text ('Bestellung kw-42 und V 000007'), normalised, each
 * once, in the order they appear. The one place that knows what our numbers look like in prose.
 * Something written like an order number whose check symbol fails stays in the list as written:
 * it is none of ours, so it names nothing, and a withdrawal naming it changes nothing (namedOrders).
 */
export function numbersIn(text: string): string[] {
  const found = [...text.matchAll(NUMBER_IN_TEXT)].map((match) => normalisedNumber(match[0]) ?? match[0].toUpperCase().replace(/\s+/g, ''));
  return [...new Set(found)];
}

/** An order a withdrawal may name: its number and its contracts' numbers. */
export interface NamedOrderCandidate {
  orderNumber: string;
  contractNumbers: readonly string[];
}

/**
 * The orders a withdrawal names (docs/decisions/0054-attributable-declarations.md): every number
 * must be one of `candidates` (the sender's orders, or for an agent any consumer order) or one of
 * their contracts, and there may be at most MAX_NAMED_NUMBERS. Otherwise null: nothing is guessed,
 * and one unknown number among known ones spoils the lot, so a list of guesses changes nothing.
 */
export function namedOrders<C extends NamedOrderCandidate>(numbers: readonly string[], candidates: readonly C[]): C[] | null {
  if (numbers.length === 0 || numbers.length > MAX_NAMED_NUMBERS) return null;
  const named = new Set<C>();
  for (const number of numbers) {
    const order = candidates.find((candidate) => candidate.orderNumber === number || candidate.contractNumbers.includes(number));
    if (!order) return null;
    named.add(order);
  }
  return [...named];
}

export function matchContract<C extends CandidateContract>(candidates: readonly C[], reference: CancellationReference): C | null {
  const numbers = reference.numbers.map(normalisedNumber).filter((number): number is string => number !== null);
  const byContract = candidates.find((contract) => numbers.includes(contract.contractNumber));
  if (byContract) return byContract;
  let fitting = candidates;
  if (numbers.length > 0) {
    fitting = fitting.filter((contract) => numbers.includes(contract.orderNumber));
    // A number of ours that none of the sender's contracts has: another contract is meant.
    if (fitting.length === 0) return null;
  }
  // A name that fits none of them means another contract, even when only one runs.
  if (reference.contractName.trim() !== '') {
    fitting = fitting.filter((contract) => namesFit(reference.contractName, contract.name));
  }
  return fitting.length === 1 ? fitting[0]! : null;
}
