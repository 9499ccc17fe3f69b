import type { AccountInvoice } from '../../features/billing/overview.ts';
import type { OrderDecision } from '../orders/status.ts';
import type { CustomerType } from '../schemas/order.ts';
import type { IsoDay } from './ends.ts';
import type { ContractSummary } from './status.ts';

/** An order with where it stands: received for review, accepted, rejected, lapsed or withdrawn (decision 0053). */
export interface AccountOrder extends OrderDecision {
  /** 'KW-7K4M-9QX3-T5DW' (orders before issue 33: 'KW-000042') */
  orderNumber: string;
  /** When it was placed (ISO timestamp). */
  orderedAt: string;
  customerType: CustomerType;
  /** Whether the contract confirmation PDF was stored with it (orders before decision 0028 have none). */
  hasConfirmation: boolean;
  /** A withdrawal naming the order (decision 0054): withdrawn once attributed, else awaiting confirmation. */
  withdrawal: { receivedOn: IsoDay; attributed: boolean } | null;
}

/** The customer area adds the terms it words (VAT, minimum term, notice). */
export interface AccountContract extends ContractSummary {
  vatPercent: number;
  minimumMonths: number;
  noticeDays: number;
}

/**
 * The answer of the route accountOverview (docs/decisions/0030-customer-area.md): what the
 * customer area shows – the account's orders, contracts and invoices, with status and ends worked
 * out on the server for `today`, the day in Germany the answer was made.
 */
export interface AccountOverview {
  today: IsoDay;
  /** 'K-000042' (docs/decisions/0036-av-agreement.md), e.g. for requesting the AV-Vertrag. */
  customerNumber: string;
  /** Until the address is confirmed, orders placed under it without logging in stay out (decision 0029). */
  emailVerified: boolean;
  /** Newest first. */
  orders: AccountOrder[];
  /** Newest order first, in the order's line order. */
  contracts: AccountContract[];
  /** Invoices and cancellation invoices of the account's orders, newest first (issue 24). */
  invoices: AccountInvoice[];
}
