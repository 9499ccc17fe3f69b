import { germanDate } from '../forms/dates.ts';
import type { SummaryLine } from '../schemas/forms/common.ts';
import type { IsoDay } from './ends.ts';

/**
 * The answer of POST /api/forms/cancellation (201): the receipt, and – when the cancellation
 * named a contract the server could match – that contract with the end it computed on receipt
 * (src/lib/contracts/ends.ts), so the receipt names the concrete date instead of
 * 'zum nächstmöglichen Zeitpunkt'.
 */
export interface CancellationAnswer {
  id: number;
  receivedAt: string;
  contract?: { contractNumber: string; name: string; endsOn: IsoDay } | null;
}

/** The receipt's lines with the matched contract and its end date put in place of what was typed. */
export function cancellationReceiptLines(answer: CancellationAnswer, lines: readonly SummaryLine[]): SummaryLine[] {
  const { contract } = answer;
  if (!contract) return [...lines];
  const replaced = new Map<string, string>([
    ['Vertrag', `${contract.name} (${contract.contractNumber})`],
    ['Vertragsende', germanDate(contract.endsOn)],
  ]);
  const result = lines.map(([label, value]): SummaryLine => [label, replaced.get(label) ?? value]);
  for (const [label, value] of replaced) if (!lines.some(([existing]) => existing === label)) result.push([label, value]);
  return result;
}
