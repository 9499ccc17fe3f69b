import { contractEndLines, type CancelledContract } from '../schemas/forms/cancellation-receipt.ts';
import type { FormAnswer, SummaryLine } from '../schemas/forms/common.ts';

/**
 * The answer of POST /api/forms/cancellation (201). `contract` is set only for a logged-in
 * customer whose own contract the cancellation changed (attribution 'account', decision 0054):
 * a visitor's answer never names a contract, a number or an end the sender did not type.
 */
export interface CancellationAnswer extends FormAnswer {
  contract: CancelledContract | null;
}

/** The receipt page's lines: the declaration, then the owner's contract and its end – the lines the receipt mail has. */
export function cancellationReceiptLines(answer: CancellationAnswer, lines: readonly SummaryLine[]): SummaryLine[] {
  return answer.contract ? [...lines, ...contractEndLines(answer.contract)] : [...lines];
}
