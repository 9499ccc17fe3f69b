import type { AgentContract, ContractCustomer } from '../../lib/agent/contract-types.ts';
import { contractStatusText, pendingCancellationText } from '../../lib/contracts/status.ts';
import { customerTypeLabel } from '../../lib/contracts/texts.ts';
import { everyText } from '../../lib/prices/rhythm.ts';
import { euro } from '../../lib/prices/statement.ts';
import { countOf, germanDate } from './format.ts';
import { ColumnHeads } from './ColumnHeads.tsx';
import { ui } from './styles.ts';


/** The end column: the end once cancelled (with the agent's reason), else when it could end today. */
function End({ contract }: { contract: AgentContract }) {
  if (contract.endsOn === null) return contract.nextPossibleEnd ? <>nächstmöglich {germanDate(contract.nextPossibleEnd)}</> : <>–</>;
  return (
    <>
      {germanDate(contract.endsOn)}
      {contract.endNote && <span className={`block ${ui.muted}`}>Begründung: {contract.endNote}</span>}
    </>
  );
}

/** One customer's contracts as a table; the caption names the customer for screen readers too. */
export function ContractTable({ customer, today }: { customer: ContractCustomer; today: string }) {
  const count = countOf(customer.contracts.length, 'Vertrag', 'Verträge');
  return (
    <div className="overflow-x-auto">
      <table className={`w-full border-collapse text-sm ${ui.text}`}>
        <caption className="pb-2 text-left">
          <span className="font-semibold text-slate-900 dark:text-slate-100">{customer.email}</span> · {customerTypeLabel[customer.customerType]} · {count}
        </caption>
        <ColumnHeads labels={['Vertrag', 'Auftrag', 'Leistung', 'Preis je Zeitraum', 'Beginn', 'Mindestlaufzeit bis', 'Status', 'Vertragsende / nächstmögliches Ende']} />
        <tbody>
          {customer.contracts.map((contract) => (
            <tr key={contract.contractNumber}>
              <th scope="row" className={ui.headCell}>
                {contract.contractNumber}
              </th>
              <td className={ui.cell}>{contract.orderNumber}</td>
              <td className={ui.cell}>{contract.quantity > 1 ? `${contract.quantity} × ${contract.name}` : contract.name}</td>
              <td className={`${ui.cell} whitespace-nowrap`}>
                {euro(contract.periodCents, contract.priceBasis)}, {everyText(contract.billingMonths)}
              </td>
              <td className={ui.cell}>{germanDate(contract.startsOn)}</td>
              <td className={ui.cell}>{germanDate(contract.minimumTermEnd)}</td>
              <td className={ui.cell}>
                {contractStatusText(contract, today)}
                {contract.cancellationId !== null && <span className={`block ${ui.muted}`}>Kündigung Nr. {contract.cancellationId}</span>}
                {contract.pendingCancellation && <span className="block">{pendingCancellationText(contract.pendingCancellation)}</span>}
              </td>
              <td className={ui.cell}>
                <End contract={contract} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
