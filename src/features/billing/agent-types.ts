
import type { InvoiceKind, InvoicePaymentMethod } from './kinds.ts';
import type { InvoiceState } from './state.ts';

/** The JSON shapes of the agents' invoice and SEPA endpoints (issue 24), shared by the functions and the dashboard. Days are 'YYYY-MM-DD'. */

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
  /** The money still to move, in the direction the state says (state.ts DocumentState). */
  openCents: number;
  paymentMethod: InvoicePaymentMethod;
  mandateReference: string | null;
  /** The day the debit is collected: the announced one, or the one a new pre-notification named. */
  debitOn: string | null;
  /** Where it stands for today in Germany (state.ts). */
  state: InvoiceState;
  /** The day the recorded payment (of a cancellation invoice: the refund) came or went. */
  paidOn: string | null;
  remindersSent: number;
  lastReminderAt: string | null;
  /** The SEPA file the direct debit went out in, if it did. */
  sepaExportId: number | null;
  /** The stored files: always the PDF, the XML for an XRechnung. */
  documents: ('pdf' | 'xml')[];
}

/** An invoice of an order as the inbox shows it (issue 34): where it stands and what is still open, as in the invoice list. */
export interface OrderInvoice {
  number: string;
  kind: InvoiceKind;
  grossCents: number;
  state: InvoiceState;
  openCents: number;
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
