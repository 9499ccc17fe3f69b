import type { AgentContract, ContractCustomer } from '../../lib/agent/contract-types.ts';
import { contractStatusText, pendingCancellationText } from '../../lib/contracts/status.ts';
import { customerTypeLabel } from '../../lib/contracts/texts.ts';
import { everyText } from '../../lib/prices/rhythm.ts';
import { euro } from '../../lib/prices/statement.ts';
import { countOf, germanDate } from './format.ts';
import { text } from '../ui/classes.ts';
import { DataTable, type Column } from '../ui/DataTable.tsx';

/** The end column: the end once cancelled (with the agent's reason), else when it could end today. */
function End({ contract }: { contract: AgentContract }) {
  if (contract.endsOn === null) return contract.nextPossibleEnd ? <>nächstmöglich {germanDate(contract.nextPossibleEnd)}</> : <>–</>;
  return (
    <>
      {germanDate(contract.endsOn)}
      {contract.endNote && <span className={`block ${text.muted}`}>Begründung: {contract.endNote}</span>}
    </>
  );
}

/** The columns of a customer's contracts; the contract number names its row. */
function columns(today: string): Column<AgentContract>[] {
  return [
    { header: 'Vertrag', rowHeader: true, cell: (contract) => contract.contractNumber },
    { header: 'Auftrag', cell: (contract) => contract.orderNumber },
    { header: 'Leistung', cell: (contract) => (contract.quantity > 1 ? `${contract.quantity} × ${contract.name}` : contract.name) },
    { header: 'Preis je Zeitraum', numeric: true, cell: (contract) => `${euro(contract.periodCents, contract.priceBasis)}, ${everyText(contract.billingMonths)}` },
    { header: 'Beginn', cell: (contract) => germanDate(contract.startsOn) },
    { header: 'Mindestlaufzeit bis', cell: (contract) => germanDate(contract.minimumTermEnd) },
    {
      header: 'Status',
      cell: (contract) => (
        <>
          {contractStatusText(contract, today)}
          {contract.cancellationId !== null && <span className={`block ${text.muted}`}>Kündigung Nr. {contract.cancellationId}</span>}
          {contract.pendingCancellation && <span className="block">{pendingCancellationText(contract.pendingCancellation)}</span>}
        </>
      ),
    },
    { header: 'Vertragsende / nächstmögliches Ende', cell: (contract) => <End contract={contract} /> },
  ];
}

/** One customer's contracts as a table; the caption names the customer for screen readers too. Eight columns stack below the desktop width. */
export function ContractTable({ customer, today }: { customer: ContractCustomer; today: string }) {
  const count = countOf(customer.contracts.length, 'Vertrag', 'Verträge');
  return (
    <DataTable
      caption={
        <>
          <span className="font-semibold text-slate-900 dark:text-slate-100">{customer.email}</span> · {customerTypeLabel[customer.customerType]} · {count}
        </>
      }
      columns={columns(today)}
      rows={customer.contracts}
      rowKey={(contract) => contract.contractNumber}
      stackBelow="lg"
    />
  );
}
