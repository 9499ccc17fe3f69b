import type { ContractStatus } from '../contracts/status.ts';
import type { PriceBasis } from '../prices/amounts.ts';
import type { CustomerType } from '../schemas/order.ts';

/** The JSON shapes of GET /api/agent/contracts, shared by the function and the dashboard. Days are 'YYYY-MM-DD'. */

export interface AgentContract {
  contractNumber: string;
  orderNumber: string;
  name: string;
  quantity: number;
  /** What one billing period costs, in the order's price basis (decision 0025). */
  periodCents: number;
  priceBasis: PriceBasis;
  billingMonths: number;
  startsOn: string;
  minimumTermEnd: string;
  status: ContractStatus;
  /** The last day, once cancelled. */
  endsOn: string | null;
  /** The end a cancellation received today would give; null once cancelled. */
  nextPossibleEnd: string | null;
  cancellationId: number | null;
  endNote: string | null;
}

/** The contracts ordered under one address as one customer type. */
export interface ContractCustomer {
  email: string;
  customerType: CustomerType;
  contracts: AgentContract[];
}

export interface ContractPage {
  customers: ContractCustomer[];
  currentPage: number;
  totalPages: number;
  totalCustomers: number;
  /** The day in Germany the statuses were computed for, so the dashboard words them alike. */
  today: string;
}
