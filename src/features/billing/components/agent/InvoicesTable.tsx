import type { AgentInvoice } from '../../agent-types.ts';
import { stateLabelCapitalized } from '../../state.ts';
import { formatEuro } from '../../../../lib/money.ts';

import { invoiceDocumentUrl } from '../../stores/agent-invoices.ts';
import { dateTime, germanDate } from '../../../../components/agent/format.ts';
import { InvoicesRowActions } from './InvoicesRowActions.tsx';
import { text } from '../../../../components/ui/classes.ts';
import { DataTable, type Column } from '../../../../components/ui/DataTable.tsx';
import { INVOICE_KIND_LABEL, type InvoicePaymentMethod } from '../../kinds.ts';

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
      {buyer.company && <span className={`block ${text.muted}`}>{buyer.name}</span>}
      <span className={`block break-all ${text.muted}`}>{buyer.email}</span>
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
  const columns: Column<AgentInvoice>[] = [
    {
      header: 'Rechnung',
      rowHeader: true,
      cell: (invoice) => (
        <>
          {invoice.number}
          <span className={`block font-normal ${text.muted}`}>
            {INVOICE_KIND_LABEL[invoice.kind]}
            {invoice.cancels && ` zu ${invoice.cancels}`} · Auftrag {invoice.orderNumber}
          </span>
          {invoice.cancelledBy.length > 0 && <span className={`block font-normal ${text.muted}`}>Storniert durch {invoice.cancelledBy.join(', ')}</span>}
        </>
      ),
    },
    { header: 'Kunde', cell: (invoice) => <Buyer buyer={invoice.buyer} /> },
    {
      header: 'Ausgestellt / fällig',
      cell: (invoice) => (
        <span className="whitespace-nowrap">
          {germanDate(invoice.issuedOn)}
          <span className="block">fällig {germanDate(invoice.dueOn)}</span>
        </span>
      ),
    },
    {
      header: 'Betrag',
      numeric: true,
      cell: (invoice) => (
        <>
          {formatEuro(invoice.grossCents)}
          {invoice.openCents > 0 && invoice.openCents !== invoice.grossCents && (
            <span className={`block ${text.muted}`}>
              {invoice.state === 'refund-due' ? 'zu erstatten' : 'offen'} {formatEuro(invoice.openCents)}
            </span>
          )}
        </>
      ),
    },
    {
      header: 'Zahlungsart',
      cell: (invoice) => (
        <>
          {paymentMethodLabels[invoice.paymentMethod]}
          {invoice.mandateReference && <span className={`block ${text.muted}`}>Mandat {invoice.mandateReference}</span>}
          {invoice.debitOn && <span className={`block ${text.muted}`}>Einzug {germanDate(invoice.debitOn)}</span>}
          {invoice.sepaExportId !== null && <span className={`block ${text.muted}`}>in SEPA-Datei Nr. {invoice.sepaExportId}</span>}
        </>
      ),
    },
    {
      header: 'Status',
      cell: (invoice) => (
        <>
          {stateText(invoice)}
          {invoice.remindersSent > 0 && (
            <span className={`block ${text.muted}`}>
              {invoice.remindersSent === 1 ? '1 Erinnerung' : `${invoice.remindersSent} Erinnerungen`}
              {invoice.lastReminderAt && `, zuletzt ${dateTime(invoice.lastReminderAt)}`}
            </span>
          )}
        </>
      ),
    },
    {
      header: 'Dokumente',
      cell: (invoice) => (
        <ul className="grid gap-1">
          {invoice.documents.map((kind) => (
            <li key={kind}>
              <a href={invoiceDocumentUrl(invoice.number, kind)} download className={text.link} aria-label={`${kind.toUpperCase()} der Rechnung ${invoice.number}`}>
                {kind.toUpperCase()}
              </a>
            </li>
          ))}
        </ul>
      ),
    },
    { header: 'Aktionen', controls: true, cell: (invoice) => <InvoicesRowActions key={today} invoice={invoice} today={today} onOutcome={onOutcome} /> },
  ];
  return (
    <DataTable
      caption={<span className="font-semibold text-slate-900 dark:text-slate-100">{caption}</span>}
      columns={columns}
      rows={invoices}
      rowKey={(invoice) => invoice.number}
      stackBelow="lg"
    />
  );
}
