import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { $agentContracts, filterContracts, showContracts } from '../../stores/agent-lists.ts';
import { ContractTable } from './ContractTable.tsx';
import { ErrorAlert } from './ErrorAlert.tsx';
import { countOf } from './format.ts';
import { Pagination } from './Pagination.tsx';
import { SearchField } from './SearchField.tsx';
import { text } from '../ui/classes.ts';

/** All contracts per customer, searchable by e-mail address, contract or order number. */
export function Contracts() {
  const { filter, page: data, error } = useStore($agentContracts);
  const { q } = filter;
  const [typed, setTyped] = useState(q);

  useEffect(() => showContracts(), []);

  const search = (event: FormEvent) => {
    event.preventDefault();
    filterContracts({ q: typed.trim(), page: 1 });
  };

  return (
    <section aria-labelledby="agent-contracts" className="grid gap-4">
      <h2 id="agent-contracts" className={text.h2}>
        Verträge
      </h2>
      <form role="search" aria-label="Verträge durchsuchen" onSubmit={search}>
        <SearchField id="contracts-q" label="E-Mail, Vertrags- oder Auftragsnummer" value={typed} onChange={setTyped} />
      </form>
      <ErrorAlert message={error} />
      {!data ? (
        <p className={text.body}>Die Verträge werden geladen …</p>
      ) : data.customers.length === 0 ? (
        <p className={text.body}>{q ? `Keine Verträge zu „${q}“.` : 'Es gibt noch keine Verträge.'}</p>
      ) : (
        <div className="grid gap-6">
          {data.customers.map((customer) => (
            <ContractTable key={`${customer.customerType} ${customer.email}`} customer={customer} today={data.today} />
          ))}
        </div>
      )}
      <Pagination label="Seiten der Verträge" page={data} total={countOf(data?.totalCustomers ?? 0, 'Kunde', 'Kunden')} onPage={(page) => filterContracts({ page })} />
    </section>
  );
}
