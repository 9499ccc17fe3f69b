
import type { InvoiceKind, InvoicePaymentMethod } from '../invoices/kinds.ts';

/** The JSON shapes of the agents' invoice and SEPA endpoints (issue 24), shared by the functions and the dashboard. Days are 'YYYY-MM-DD'. */

/**
 * Where an invoice stands for today in Germany. 'open' and 'overdue' still wait for money (for a
 * cancellation invoice: for the refund), 'paid' has a recorded payment (refund), 'cancelled' is an
 * invoice whose cancellation invoices refund all of it, 'nothing-due' a cancellation invoice of an
 * invoice that was never paid: nothing to pay back.
 */
export type InvoiceState = 'open' | 'overdue' | 'paid' | 'cancelled' | 'nothing-due';

export interface AgentInvoice {
  number: string;
  kind: InvoiceKind;
  /** The invoice a cancellation invoice corrects. */
  cancels: string | null;
  /** The cancellation invoices that refer to this invoice. */
  cancelledBy: string[];
  orderNumber: string;
  buyer: { name: string; company: string | null; email: string };
  issuedOn: string;
  dueOn: string;
  grossCents: number;
  /** What is still to be paid: the gross less the refunds of cancellation invoices (0 once settled). */
  openCents: number;
  paymentMethod: InvoicePaymentMethod;
  mandateReference: string | null;
  debitOn: string | null;
  state: InvoiceState;
  paidOn: string | null;
  remindersSent: number;
  lastReminderAt: string | null;
  /** The SEPA file the direct debit went out in, if it did. */
  sepaExportId: number | null;
  /** The stored files: always the PDF, the XML for an XRechnung. */
  documents: ('pdf' | 'xml')[];
}

export interface InvoicePage {
  invoices: AgentInvoice[];
  currentPage: number;
  totalPages: number;
  totalInvoices: number;
  /** The day in Germany the states were computed for. */
  today: string;
}

export type SequenceType = 'FRST' | 'RCUR';

/** A direct debit of the next SEPA file. */
export interface DueDebit {
  invoiceNumber: string;
  orderNumber: string;
  /** The account holder as named with the mandate. */
  debtorName: string;
  amountCents: number;
  mandateReference: string;
  /** The day the pre-notification named. */
  debitOn: string;
  /** The day the bank is asked to collect: debitOn, or the next bank day it can still be collected on. */
  collectionOn: string;
  sequenceType: SequenceType;
}

export interface DueDebits {
  debits: DueDebit[];
  totalCents: number;
  today: string;
}

/** A SEPA file downloaded earlier. */
export interface SepaExportSummary {
  id: number;
  fileName: string;
  createdAt: string;
  /** The agent who made it, while the account exists. */
  createdBy: string | null;
  debitCount: number;
  totalCents: number;
}
