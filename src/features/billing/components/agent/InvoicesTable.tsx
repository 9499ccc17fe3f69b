import type { AgentInvoice } from '../../agent-types.ts';
import { stateLabelCapitalized } from '../../state.ts';
import { formatEuro } from '../../../../lib/money.ts';

import { invoiceDocumentUrl } from '../../stores/agent-invoices.ts';
import { dateTime, germanDate } from '../../../../components/agent/format.ts';
import { InvoicesRowActions } from './InvoicesRowActions.tsx';
import { ColumnHeads } from '../../../../components/agent/ColumnHeads.tsx';
import { ui } from '../../../../components/agent/styles.ts';
import { INVOICE_KIND_LABEL, type InvoicePaymentMethod } from '../../kinds.ts';

const link = 'font-medium text-brand-700 underline hover:no-underline dark:text-brand-300';

const paymentMethodLabels: Record<InvoicePaymentMethod, string> = {
  transfer: 'Überweisung',
  sepa: 'SEPA-Lastschrift',
  paypal: 'PayPal',
};

/** The state, with the day of the recorded money when there is one ('Bezahlt am 03.12.2026'). */
function stateText(invoice: AgentInvoice): string {
  const label = stateLabelCapitalized(invoice.state);
  return invoice.paidOn && (invoice.state === 'settled' || invoice.state === 'refunded') ? `${label} am ${germanDate(invoice.paidOn)}` : label;
}

/** The buyer as invoiced: the company with its contact, or the person. */
function Buyer({ buyer }: { buyer: AgentInvoice['buyer'] }) {
  return (
    <>
      {buyer.company ?? buyer.name}
      {buyer.company && <span className={`block ${ui.muted}`}>{buyer.name}</span>}
      <span className={`block break-all ${ui.muted}`}>{buyer.email}</span>
    </>
  );
}

interface Props {
  invoices: AgentInvoice[];
  today: string;
  caption: string;
  onOutcome(outcome: { ok: boolean; message: string }): void;
}

/** One page of invoices: what was invoiced to whom, where it stands, its files and what can be done. */
export function InvoicesTable({ invoices, today, caption, onOutcome }: Props) {
  return (
    <div className="overflow-x-auto">
      <table className={`w-full border-collapse text-sm ${ui.text}`}>
        <caption className="pb-2 text-left font-semibold text-slate-900 dark:text-slate-100">{caption}</caption>
        <ColumnHeads labels={['Rechnung', 'Kunde', 'Ausgestellt / fällig', 'Betrag', 'Zahlungsart', 'Status', 'Dokumente', 'Aktionen']} />
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.number}>
              <th scope="row" className={ui.headCell}>
                {invoice.number}
                <span className={`block font-normal ${ui.muted}`}>
                  {INVOICE_KIND_LABEL[invoice.kind]}
                  {invoice.cancels && ` zu ${invoice.cancels}`} · Auftrag {invoice.orderNumber}
                </span>
                {invoice.cancelledBy.length > 0 && <span className={`block font-normal ${ui.muted}`}>Storniert durch {invoice.cancelledBy.join(', ')}</span>}
              </th>
              <td className={ui.cell}>
                <Buyer buyer={invoice.buyer} />
              </td>
              <td className={`${ui.cell} whitespace-nowrap`}>
                {germanDate(invoice.issuedOn)}
                <span className="block">fällig {germanDate(invoice.dueOn)}</span>
              </td>
              <td className={`${ui.cell} whitespace-nowrap`}>
                {formatEuro(invoice.grossCents)}
                {invoice.openCents > 0 && invoice.openCents !== invoice.grossCents && (
                  <span className={`block ${ui.muted}`}>
                    {invoice.state === 'refund-due' ? 'zu erstatten' : 'offen'} {formatEuro(invoice.openCents)}
                  </span>
                )}
              </td>
              <td className={ui.cell}>
                {paymentMethodLabels[invoice.paymentMethod]}
                {invoice.mandateReference && <span className={`block ${ui.muted}`}>Mandat {invoice.mandateReference}</span>}
                {invoice.debitOn && <span className={`block ${ui.muted}`}>Einzug {germanDate(invoice.debitOn)}</span>}
                {invoice.sepaExportId !== null && <span className={`block ${ui.muted}`}>in SEPA-Datei Nr. {invoice.sepaExportId}</span>}
              </td>
              <td className={ui.cell}>
                {stateText(invoice)}
                {invoice.remindersSent > 0 && (
                  <span className={`block ${ui.muted}`}>
                    {invoice.remindersSent === 1 ? '1 Erinnerung' : `${invoice.remindersSent} Erinnerungen`}
                    {invoice.lastReminderAt && `, zuletzt ${dateTime(invoice.lastReminderAt)}`}
                  </span>
                )}
              </td>
              <td className={ui.cell}>
                <ul className="grid gap-1">
                  {invoice.documents.map((kind) => (
                    <li key={kind}>
                      <a href={invoiceDocumentUrl(invoice.number, kind)} download className={link} aria-label={`${kind.toUpperCase()} der Rechnung ${invoice.number}`}>
                        {kind.toUpperCase()}
                      </a>
                    </li>
                  ))}
                </ul>
              </td>
              <td className={ui.cell}>
                <InvoicesRowActions key={today} invoice={invoice} today={today} onOutcome={onOutcome} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
