import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { INVOICE_STATUS_FILTERS, invoiceStatusFilterLabels, type InvoiceStatusFilter } from '../../schemas.ts';
import { $agentInvoices, filterInvoices, showInvoices } from '../../stores/agent-invoices.ts';
import { ErrorAlert } from '../../../../components/agent/ErrorAlert.tsx';
import { countOf } from '../../../../components/agent/format.ts';
import { InvoicesSepa } from './InvoicesSepa.tsx';
import { InvoicesTable } from './InvoicesTable.tsx';
import { LabelledSelect } from '../../../../components/agent/LabelledSelect.tsx';
import { Pagination } from '../../../../components/agent/Pagination.tsx';
import { SearchField } from '../../../../components/agent/SearchField.tsx';
import { text } from '../../../../components/ui/classes.ts';
import { INVOICE_KINDS, INVOICE_KIND_LABEL } from '../../kinds.ts';

/** Every invoice: filter by status, kind and search text, download its files, record payments, send reminders; then the SEPA debits. */
export function Invoices() {
  const { filter, page: data, error } = useStore($agentInvoices);
  const [typed, setTyped] = useState(filter.q);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => showInvoices(), []);
  // A search set from elsewhere (an order in the inbox) shows in the field too.
  const [searched, setSearched] = useState(filter.q);
  if (filter.q !== searched) {
    setSearched(filter.q);
    setTyped(filter.q);
  }

  // A new selection is announced by its count, not by the last action's outcome.
  const refilter = (change: Parameters<typeof filterInvoices>[0]) => {
    setOutcome(null);
    filterInvoices(change);
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    refilter({ q: typed.trim(), page: 1 });
  };

  const total = countOf(data?.totalInvoices ?? 0, 'Rechnung', 'Rechnungen');
  return (
    <section aria-labelledby="agent-invoices" className="grid gap-4">
      <h2 id="agent-invoices" tabIndex={-1} className={text.h2}>
        Rechnungen
      </h2>
      <form role="search" aria-label="Rechnungen filtern" className="flex flex-wrap items-end gap-4" onSubmit={search}>
        <LabelledSelect
          id="invoices-status"
          label="Status"
          value={filter.status}
          options={INVOICE_STATUS_FILTERS}
          optionLabel={(option) => invoiceStatusFilterLabels[option]}
          onChange={(next) => refilter({ status: (next || 'all') as InvoiceStatusFilter, page: 1 })}
        />
        <LabelledSelect
          id="invoices-kind"
          label="Art"
          none="Alle Arten"
          value={filter.kind}
          options={INVOICE_KINDS}
          optionLabel={(option) => INVOICE_KIND_LABEL[option]}
          onChange={(next) => refilter({ kind: next, page: 1 })}
        />
        <SearchField id="invoices-q" label="Rechnungs-, Auftrags- oder Mandatsnummer, Name, E-Mail" value={typed} onChange={setTyped} />
      </form>
      <ErrorAlert message={error} />
      {/* Announces the number of results after a filter change and the outcome of an action. */}
      <p role="status" className={outcome?.ok === false ? text.error : text.body}>
        {outcome ? outcome.message : data ? `${total} gefunden.` : ''}
      </p>
      {!data ? (
        <p className={text.body}>Die Rechnungen werden geladen …</p>
      ) : data.invoices.length === 0 ? (
        <p className={text.body}>{filter.q ? `Keine Rechnungen zu „${filter.q}“.` : 'Keine Rechnungen für diese Auswahl.'}</p>
      ) : (
        <InvoicesTable invoices={data.invoices} today={data.today} caption={`Rechnungen, Seite ${data.currentPage} von ${data.totalPages}`} onOutcome={setOutcome} />
      )}
      <Pagination label="Seiten der Rechnungen" page={data} total={total} onPage={(page) => refilter({ page })} />
      <InvoicesSepa />
    </section>
  );
}
