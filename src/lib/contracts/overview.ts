import type { PriceBasis } from '../prices/amounts.ts';
import type { CustomerType } from '../schemas/order.ts';
import type { IsoDay } from './ends.ts';
import type { ContractStatus } from './status.ts';

/**
 * GET /api/account/overview (docs/decisions/0030-customer-area.md): what the customer area
 * shows – the account's orders and contracts, with status and ends worked out on the server for
 * `today`, the day in Germany the answer was made. Shared by the function and the islands.
 */

export const ACCOUNT_OVERVIEW_URL = '/api/account/overview';

export interface AccountOrder {
  /** 'KW-000042' */
  orderNumber: string;
  /** When it was placed (ISO timestamp). */
  orderedAt: string;
  customerType: CustomerType;
  /** Whether the contract confirmation PDF was stored with it (orders before decision 0028 have none). */
  hasConfirmation: boolean;
}

export interface AccountContract {
  /** 'V-000042' */
  contractNumber: string;
  orderNumber: string;
  name: string;
  quantity: number;
  /** What one billing period costs, all units together, in the price basis. */
  periodCents: number;
  priceBasis: PriceBasis;
  vatPercent: number;
  billingMonths: number;
  minimumMonths: number;
  noticeDays: number;
  startsOn: IsoDay;
  minimumTermEnd: IsoDay;
  status: ContractStatus;
  /** The last day, once cancelled. */
  endsOn: IsoDay | null;
  /** The end a regular cancellation received today would give; null once cancelled. */
  nextPossibleEnd: IsoDay | null;
}

export interface AccountOverview {
  today: IsoDay;
  /** Until the address is confirmed, orders placed under it without logging in stay out (decision 0029). */
  emailVerified: boolean;
  /** Newest first. */
  orders: AccountOrder[];
  /** Newest order first, in the order's line order. */
  contracts: AccountContract[];
}
