import { germanDate } from '../forms/dates.ts';
import type { PriceBasis } from '../prices/amounts.ts';
import { earliestEnd, minimumTermEnd, type ContractTerms, type IsoDay } from './ends.ts';

/**
 * Where a contract stands on a given day, for the customer area, the agent dashboard and the
 * cancellation receipts alike. A cancellation is effective on receipt (§ 312k BGB): the contract
 * is 'cancelled' from then on and 'ended' once its last day has passed.
 */

type ContractStatus = 'running' | 'cancelled' | 'ended';

export interface ContractState extends ContractTerms {
  /** The last day, set by the cancellation that ends it (or an agent's correction). */
  endsOn: IsoDay | null;
}

function contractStatus(contract: Pick<ContractState, 'endsOn'>, today: IsoDay): ContractStatus {
  if (contract.endsOn === null) return 'running';
  return contract.endsOn >= today ? 'cancelled' : 'ended';
}

/** The end a regular cancellation received today would give; none once it is cancelled. */
function nextPossibleEnd(contract: ContractState, today: IsoDay): IsoDay | null {
  return contract.endsOn === null ? earliestEnd(contract, today) : null;
}

/** 'beginnt am 11.12.2026', 'läuft', 'gekündigt zum 14.05.2027', 'beendet am 14.05.2027'. */
export function contractStatusText(contract: Pick<ContractState, 'startsOn' | 'endsOn'>, today: IsoDay): string {
  const status = contractStatus(contract, today);
  // A consumer who did not ask for the early start is served after the withdrawal period (decision 0034).
  if (status === 'running') return contract.startsOn > today ? `beginnt am ${germanDate(contract.startsOn)}` : 'läuft';
  const end = germanDate(contract.endsOn!);
  return status === 'cancelled' ? `gekündigt zum ${end}` : `beendet am ${end}`;
}

/** The dates and status a contract shows on `today`, in the customer area and the agents' list alike. */
export interface ContractOutlook {
  minimumTermEnd: IsoDay;
  status: ContractStatus;
  nextPossibleEnd: IsoDay | null;
}

export function contractOutlook(contract: ContractState, today: IsoDay): ContractOutlook {
  return { minimumTermEnd: minimumTermEnd(contract), status: contractStatus(contract, today), nextPossibleEnd: nextPossibleEnd(contract, today) };
}

/**
 * A cancellation of the contract that has arrived but not (yet) changed it (decision 0054): one
 * nobody has attributed to the owner yet, or an extraordinary one waiting for an agent's decision.
 */
export interface PendingCancellation {
  /** The day of receipt in Germany: the end counts from it. */
  receivedOn: IsoDay;
  type: 'regular' | 'extraordinary';
  attributed: boolean;
}

/**
 * 'Kündigung vom 28.11.2026 eingegangen – Bestätigung ausstehend', or 'Außerordentliche Kündigung
 * vom 28.11.2026 – Entscheidung ausstehend': the same words in the customer area and for agents.
 */
export function pendingCancellationText(pending: PendingCancellation): string {
  const received = germanDate(pending.receivedOn);
  const kind = pending.type === 'extraordinary' ? 'Außerordentliche Kündigung' : 'Kündigung';
  return pending.attributed ? `${kind} vom ${received} – Entscheidung ausstehend` : `${kind} vom ${received} eingegangen – Bestätigung ausstehend`;
}

/** A contract as the customer area and the agents' list answer it (JSON; days 'YYYY-MM-DD'). */
export interface ContractSummary extends ContractOutlook {
  /** 'V-000042' */
  contractNumber: string;
  orderNumber: string;
  name: string;
  quantity: number;
  /** What one billing period costs, all units together, in the order's price basis (decision 0025). */
  periodCents: number;
  priceBasis: PriceBasis;
  billingMonths: number;
  startsOn: IsoDay;
  /** The last day, once cancelled. */
  endsOn: IsoDay | null;
  /** A cancellation received that has not changed the contract yet (decision 0054). */
  pendingCancellation: PendingCancellation | null;
}
