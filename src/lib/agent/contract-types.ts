import type { ContractSummary } from '../contracts/status.ts';
import type { CustomerType } from '../schemas/order.ts';

/** The JSON shapes of GET /api/agent/contracts, shared by the function and the dashboard. Days are 'YYYY-MM-DD'. */

/** Agents also see which cancellation ended it and why its end differs from the computed one. */
export interface AgentContract extends ContractSummary {
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
