import { contractEndLines, type CancelledContract } from '../schemas/forms/cancellation.ts';
import type { FormAnswer, SummaryLine } from '../schemas/forms/common.ts';

/**
 * The answer of POST /api/forms/cancellation (201): the receipt and the contract the server
 * matched and ended on receipt, with the end computed by src/lib/contracts/ends.ts (null when it
 * could not match one).
 */
export interface CancellationAnswer extends FormAnswer {
  contract: CancelledContract | null;
}

/** The receipt page's lines: the declaration, then the end – the same lines the receipt mail has. */
export function cancellationReceiptLines(answer: CancellationAnswer, lines: readonly SummaryLine[]): SummaryLine[] {
  return [...lines, ...contractEndLines(answer.contract)];
}
