import agentInvoicesDocument from '../../../netlify/functions/agent-invoices-document.mts';
import agentInvoicesPayment from '../../../netlify/functions/agent-invoices-payment.mts';
import agentInvoicesReminder from '../../../netlify/functions/agent-invoices-reminder.mts';
import agentInvoices from '../../../netlify/functions/agent-invoices.mts';
import agentSepaDebits from '../../../netlify/functions/agent-sepa-debits.mts';
import agentSepaExport from '../../../netlify/functions/agent-sepa-export.mts';
import agentSepaExports from '../../../netlify/functions/agent-sepa-exports.mts';
import type { Visitor } from '../http/visitor.ts';

/** The agents' invoice and SEPA endpoints, called as the dashboard calls them. */

export const invoiceList = (visitor: Visitor, query = '') => visitor.call(agentInvoices, `/api/agent/invoices${query}`);
export const invoiceDocument = (visitor: Visitor, number: string, query = '') =>
  visitor.call(agentInvoicesDocument, `/api/agent/invoices/${number}/document${query}`, { params: { number } });
export const recordPayment = (visitor: Visitor, number: string, body: unknown, csrf = true) =>
  visitor.call(agentInvoicesPayment, `/api/agent/invoices/${number}/payment`, { method: 'POST', json: body, csrf, params: { number } });
export const sendReminder = (visitor: Visitor, number: string) =>
  visitor.call(agentInvoicesReminder, `/api/agent/invoices/${number}/reminder`, { method: 'POST', params: { number } });
export const sepaDebits = (visitor: Visitor) => visitor.call(agentSepaDebits, '/api/agent/sepa-debits');
export const sepaExports = (visitor: Visitor) => visitor.call(agentSepaExports, '/api/agent/sepa-exports');
export const createSepaExport = (visitor: Visitor) => visitor.call(agentSepaExports, '/api/agent/sepa-exports', { method: 'POST' });
export const sepaExport = (visitor: Visitor, id: string) => visitor.call(agentSepaExport, `/api/agent/sepa-exports/${id}`, { params: { id } });
