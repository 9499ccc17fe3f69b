import type { OrderInvoice } from '../../features/billing/agent-types.ts';
import type { Attribution } from '../contracts/attribution.ts';
import type { OrderDecision } from '../orders/status.ts';
import type { InboxStatus, InboxType } from '../schemas/inbox.ts';

/** The JSON shapes of the inbox API (docs/decisions/0019-agent-dashboard.md), shared by server and dashboard. */

/**
 * One detail of an item with its German label. The value keeps its kind, so the dashboard formats
 * dates, times and amounts the German way itself.
 */
export type InboxDetail = { label: string } & (
  | { kind: 'text'; value: string }
  | { kind: 'email'; value: string }
  | { kind: 'date'; value: string }
  | { kind: 'datetime'; value: string }
  | { kind: 'money'; cents: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'list'; value: string[] }
);

export interface InboxItem {
  type: InboxType;
  id: number;
  receivedAt: string;
  status: InboxStatus;
  statusChangedAt: string | null;
  statusChangedBy: string | null;
  /** German one-liner for the list, e.g. 'Kündigung Nr. 12: Webapp Basis'. */
  title: string;
  details: InboxDetail[];
  /**
   * Orders only: the order's invoices with their state and open amount (issue 34, decision 0058) –
   * payments are recorded on the invoice in the invoice list, which the order's number finds.
   */
  billing?: { orderNumber: string; invoices: OrderInvoice[] };
  /**
   * Orders only: where the order stands – accepted, or received for review until its deadline, and
   * the decision (decision 0053) with the agent who made it (display name; null for a lapse).
   */
  order?: OrderDecision & { decidedBy: string | null };
  /**
   * Cancellations only: whether the confirmation went out, and with which end; the end computed
   * on receipt when it was matched to a contract (the processing form offers it).
   */
  cancellation?: {
    processed: boolean;
    contractEndDate: string | null;
    processedAt: string | null;
    requestedEndDate: string | null;
    computedEndDate: string | null;
    /** Issue 33: an extraordinary one is decided (end and reason), an ordinary one confirmed. */
    type: 'regular' | 'extraordinary';
    /** The day of receipt in Germany: a decided end may not lie before it. */
    receivedOn: string;
    /** Whether the contract matched on receipt is known (the processing form then offers no contract field). */
    matched: boolean;
    attribution: DeclarationAttribution | null;
  };
  /** Withdrawals only (issue 33): the orders it names and whether it is attributed (and so withdrawn them). */
  withdrawal?: {
    orderNumbers: string[];
    attribution: DeclarationAttribution | null;
  };
}

/** How and when a declaration became attributable to the customer (decision 0054). */
export interface DeclarationAttribution {
  by: Attribution;
  at: string;
}

export interface InboxPage {
  items: InboxItem[];
  currentPage: number;
  totalPages: number;
  totalItems: number;
  /** Items still 'new', per type, regardless of the filters. */
  newCounts: Record<InboxType, number>;
}

export interface AgentSummary {
  id: string;
  displayName: string;
}
