import { useState, type FormEvent } from 'react';
import { fetchContracts } from '../../client/agent.ts';
import type { ContractPage } from '../../lib/agent/contract-types.ts';
import { ContractTable } from './ContractTable.tsx';
import { reportFailure } from './format.ts';
import { Pagination } from './Pagination.tsx';
import { ui } from './styles.ts';
import { usePolling } from './usePolling.ts';

/** Contracts change only when a cancellation arrives or is processed: a slow refresh is enough. */
const CONTRACTS_POLL_MS = 60_000;

/** All contracts per customer, searchable by e-mail address, contract or order number. */
export function Contracts({ onAccessLost }: { onAccessLost(): void }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<ContractPage | null>(null);
  const [error, setError] = useState<string | null>(null);

  usePolling(
    async (signal) => {
      try {
        setData(await fetchContracts({ q, page }, signal));
        setError(null);
      } catch (caught) {
        if (signal.aborted) return;
        reportFailure(caught, onAccessLost, setError);
      }
    },
    CONTRACTS_POLL_MS,
    [q, page],
  );

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
    setPage(1);
  };

  return (
    <section aria-labelledby="agent-contracts" className="grid gap-4">
      <h2 id="agent-contracts" className={ui.h2}>
        Verträge
      </h2>
      <form role="search" aria-label="Verträge durchsuchen" className="flex flex-wrap items-end gap-2" onSubmit={search}>
        <div className="grid gap-1">
          <label htmlFor="contracts-q" className={ui.label}>
            E-Mail, Vertrags- oder Auftragsnummer
          </label>
          <input id="contracts-q" type="search" maxLength={100} value={typed} onChange={(event) => setTyped(event.target.value)} className={ui.input} />
        </div>
        <button type="submit" className={ui.secondary}>
          Suchen
        </button>
      </form>
      {error && (
        <p role="alert" className={ui.error}>
          {error}
        </p>
      )}
      {!data ? (
        <p className={ui.text}>Die Verträge werden geladen …</p>
      ) : data.customers.length === 0 ? (
        <p className={ui.text}>{q ? `Keine Verträge zu „${q}“.` : 'Es gibt noch keine Verträge.'}</p>
      ) : (
        <div className="grid gap-6">
          {data.customers.map((customer) => (
            <ContractTable key={`${customer.customerType} ${customer.email}`} customer={customer} today={data.today} />
          ))}
        </div>
      )}
      {data && (
        <Pagination
          label="Seiten der Verträge"
          currentPage={data.currentPage}
          totalPages={data.totalPages}
          total={data.totalCustomers === 1 ? '1 Kunde' : `${data.totalCustomers} Kunden`}
          onPage={setPage}
        />
      )}
    </section>
  );
}
