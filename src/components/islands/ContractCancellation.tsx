import { useState } from 'react';
import type { IsoDay } from '../../lib/contracts/ends.ts';
import type { AccountContract } from '../../lib/contracts/overview.ts';
import { contractStatusText } from '../../lib/contracts/status.ts';
import { serviceText } from '../../lib/contracts/texts.ts';
import { germanDate } from '../../lib/forms/dates.ts';
import { cancellationSummary, CustomerCancellationSchema } from '../../lib/schemas/forms/cancellation.ts';
import { customerCancellationReceipt, type CancellationType } from '../../lib/schemas/forms/cancellation-receipt.ts';
import type { SessionUser } from '../../stores/session.ts';
import { AccountGate } from '../account/AccountGate.tsx';
import { CONTRACT_PARAM, CUSTOMER_AREA } from '../account/links.ts';
import { useAccountOverview } from '../account/useAccountOverview.ts';
import { CancellationTermFields } from '../forms/CancellationTermFields.tsx';
import { CancellationRequestForm } from '../forms/CancellationRequestForm.tsx';
import { useFormFields } from '../forms/useFormFields.ts';
import { info } from '../info/styles.ts';

const term = 'font-semibold text-slate-900 dark:text-white';

function BackLink() {
  return (
    <a href={CUSTOMER_AREA} className={info.link}>
      Zurück zum Kundenbereich
    </a>
  );
}

/** A contract number that is not the account's, or a contract that cannot be cancelled again. */
function NotCancellable({ contract, today }: { contract: AccountContract | undefined; today: IsoDay }) {
  return (
    <section aria-labelledby="cancel-unavailable" className="grid justify-items-start gap-4">
      <h2 id="cancel-unavailable" className={info.h2}>
        Kündigung hier nicht möglich
      </h2>
      <p className={info.text}>
        {contract
          ? `Der Vertrag ${serviceText(contract)} (${contract.contractNumber}) ist bereits ${contractStatusText(contract, today)}.`
          : 'Diesen Vertrag finden wir in Ihrem Kundenkonto nicht. Bitte wählen Sie den Vertrag, den Sie kündigen möchten, in Ihrem Kundenbereich.'}
      </p>
      <BackLink />
    </section>
  );
}

/**
 * The declaration of a logged-in customer for one of their running contracts: no name, address
 * or security check (the session identifies them, SPEC §6), and the server answers the end it
 * computed, which the receipt names.
 */
function CancelContractForm({ contract, user }: { contract: AccountContract; user: SessionUser }) {
  const form = useFormFields('contract-cancel', CustomerCancellationSchema, {
    contract_name: contract.name,
    type_of_cancellation: 'regular',
    cancellation_reason: '',
    end_of_contract_period: 'select',
    end_of_contract_period_date: '',
  });
  const { values } = form;
  const nextEnd = germanDate(contract.nextPossibleEnd!);

  return (
    <div className="grid gap-8">
      <section aria-labelledby="cancel-contract" className={info.card}>
        <h2 id="cancel-contract" className={info.h3}>
          Ihr Vertrag
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <dt className={term}>Leistung</dt>
          <dd>{serviceText(contract)}</dd>
          <dt className={term}>Vertragsnummer</dt>
          <dd>{contract.contractNumber}</dd>
          <dt className={term}>Nächstmögliches Ende</dt>
          <dd>{nextEnd} (bei Eingang der Kündigung heute)</dd>
        </dl>
      </section>
      <CancellationRequestForm
        label={`Kündigung des Vertrags ${contract.contractNumber}`}
        form={form}
        payload={() => ({ ...values, contract_number: contract.contractNumber })}
        summary={(declaration) => cancellationSummary(declaration, user.displayName)}
        withoutSecurityCheck
        receipt={(mailed, answer) => customerCancellationReceipt(mailed, answer.contract, values.type_of_cancellation as CancellationType)}
      >
        <p>Sie sind als {user.displayName} angemeldet; die Eingangsbestätigung senden wir an die E-Mail-Adresse Ihres Kundenkontos.</p>
        <CancellationTermFields form={form} nextEnd={nextEnd} />
      </CancellationRequestForm>
      <BackLink />
    </div>
  );
}

/** `/kundenbereich/kuendigen?vertrag=V-000042` (issue 19): one of the account's running contracts, cancelled in one step. */
export default function ContractCancellation() {
  const state = useAccountOverview();
  // Read once on the client; the server-rendered page knows no query and shows the session check.
  const [contractNumber] = useState(() => (typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get(CONTRACT_PARAM)));
  if (state.status !== 'ready') return <AccountGate state={state} loginText="Bitte melden Sie sich an, um Ihren Vertrag hier zu kündigen." />;
  const { overview, user } = state;
  const contract = overview.contracts.find((candidate) => candidate.contractNumber === contractNumber);
  if (contract?.status !== 'running') return <NotCancellable contract={contract} today={overview.today} />;
  return <CancelContractForm contract={contract} user={user} />;
}
