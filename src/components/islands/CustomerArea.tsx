import type { IsoDay } from '../../lib/contracts/ends.ts';
import type { AccountContract, AccountOrder } from '../../lib/contracts/overview.ts';
import { contractStatusText, pendingCancellationText } from '../../lib/contracts/status.ts';
import { customerTypeLabel, minimumTermText, periodPriceText, serviceText } from '../../lib/contracts/texts.ts';
import { formatReceivedAt, germanDate } from '../../lib/forms/dates.ts';
import { orderStatusText } from '../../lib/orders/status.ts';
import { AccountGate } from '../account/AccountGate.tsx';
import { Invoices } from '../../features/billing/components/account/Invoices.tsx';
import { cancelContractHref, confirmationHref } from '../account/links.ts';
import { cell, term } from '../account/styles.ts';
import { useAccountOverview } from '../account/useAccountOverview.ts';
import { ResendConfirmationLink } from '../auth/ResendConfirmationLink.tsx';
import { info } from '../info/styles.ts';


/** Until the address is confirmed, guest orders under it stay out of the account (decision 0029). */
function UnverifiedNotice() {
  return (
    <section aria-labelledby="area-unverified" className="rounded-2xl border-2 border-amber-600 p-6 dark:border-amber-400">
      <h2 id="area-unverified" className={info.h3}>
        Ihre E-Mail-Adresse ist noch nicht bestätigt
      </h2>
      <p className={`mt-2 ${info.body}`}>
        Hier stehen bisher nur Bestellungen, die Sie angemeldet aufgegeben haben. Bestellungen und Verträge, die ohne Anmeldung unter Ihrer
        E-Mail-Adresse aufgegeben wurden, erscheinen hier, sobald Sie die Adresse über den Link aus unserer E-Mail bestätigt haben.
      </p>
      <ResendConfirmationLink />
    </section>
  );
}

function ContractCard({ contract, today }: { contract: AccountContract; today: IsoDay }) {
  const service = serviceText(contract);
  return (
    <li className={info.card}>
      <h3 className={info.h3}>{service}</h3>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className={term}>Vertrag</dt>
        <dd>
          {contract.contractNumber} (Bestellung {contract.orderNumber})
        </dd>
        <dt className={term}>Preis je Zeitraum</dt>
        <dd>{periodPriceText(contract)}</dd>
        <dt className={term}>Beginn</dt>
        <dd>{germanDate(contract.startsOn)}</dd>
        <dt className={term}>Mindestlaufzeit</dt>
        <dd>{minimumTermText(contract)}</dd>
        <dt className={term}>Status</dt>
        <dd>{contractStatusText(contract, today)}</dd>
        {contract.pendingCancellation && (
          // Received, but not (yet) changing the contract: unconfirmed, or waiting for our decision (decision 0054).
          <>
            <dt className={term}>Kündigung</dt>
            <dd>{pendingCancellationText(contract.pendingCancellation)}</dd>
          </>
        )}
        {contract.nextPossibleEnd && (
          <>
            <dt className={term}>Nächstmögliches Ende</dt>
            <dd>{germanDate(contract.nextPossibleEnd)} (bei Eingang der Kündigung heute)</dd>
          </>
        )}
      </dl>
      {contract.status === 'running' && (
        <a href={cancelContractHref(contract.contractNumber)} className={`mt-4 ${info.secondaryButton}`}>
          kündigen<span className="sr-only"> – {service}, Vertrag {contract.contractNumber}</span>
        </a>
      )}
    </li>
  );
}

function Contracts({ contracts, today }: { contracts: AccountContract[]; today: IsoDay }) {
  return (
    <section aria-labelledby="area-contracts">
      <h2 id="area-contracts" className={info.h2}>
        Ihre Verträge
      </h2>
      {contracts.length === 0 ? (
        <p className={`mt-4 ${info.text}`}>Zu Ihrem Konto gehören noch keine Verträge.</p>
      ) : (
        <ul className="mt-6 grid gap-6 lg:grid-cols-2">
          {contracts.map((contract) => (
            <ContractCard key={contract.contractNumber} contract={contract} today={today} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A withdrawal that names the order: it withdrew it once attributed, else it waits for its confirmation (decision 0054). */
function withdrawalText(withdrawal: NonNullable<AccountOrder['withdrawal']>): string {
  const received = germanDate(withdrawal.receivedOn);
  return withdrawal.attributed ? `widerrufen am ${received}` : `Widerruf vom ${received} eingegangen – Bestätigung ausstehend`;
}

function Orders({ orders }: { orders: AccountOrder[] }) {
  return (
    <section aria-labelledby="area-orders">
      <h2 id="area-orders" className={info.h2}>
        Ihre Bestellungen
      </h2>
      {orders.length === 0 ? (
        <p className={`mt-4 ${info.text}`}>Zu Ihrem Konto gehören noch keine Bestellungen.</p>
      ) : (
        <table className={`mt-6 w-full ${info.body}`}>
          <thead>
            <tr>
              <th scope="col" className={`${cell} ${term}`}>
                Bestellung
              </th>
              <th scope="col" className={`${cell} ${term}`}>
                Datum
              </th>
              <th scope="col" className={`${cell} ${term}`}>
                Bestellt als
              </th>
              <th scope="col" className={`${cell} ${term}`}>
                Stand
              </th>
              <th scope="col" className={`${cell} ${term}`}>
                Dokumente
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.orderNumber}>
                <th scope="row" className={`${cell} font-medium`}>
                  {order.orderNumber}
                </th>
                <td className={cell}>{formatReceivedAt(order.orderedAt).date}</td>
                <td className={cell}>{customerTypeLabel[order.customerType]}</td>
                <td className={cell}>
                  {orderStatusText(order)}
                  {/* 'withdrawn' already says it for an order withdrawn before our acceptance. */}
                  {order.withdrawal && order.status !== 'withdrawn' && <span className="block">{withdrawalText(order.withdrawal)}</span>}
                </td>
                <td className={cell}>
                  {order.hasConfirmation ? (
                    <a href={confirmationHref(order.orderNumber)} className={info.link}>
                      Vertragsbestätigung (PDF)<span className="sr-only"> zur Bestellung {order.orderNumber}</span>
                    </a>
                  ) : order.status === 'received' ? (
                    // Made with our acceptance (decision 0053).
                    'Vertragsbestätigung folgt mit der Annahme'
                  ) : order.status === 'accepted' ? (
                    // Orders from before the PDFs (decision 0028) have none to offer.
                    'keine gespeichert'
                  ) : (
                    'keine – kein Vertrag'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** `/kundenbereich` (issue 19): the account's contracts with their ends, the way to cancel each, its orders and their invoices (issue 24). */
export default function CustomerArea() {
  const state = useAccountOverview();
  if (state.status !== 'ready') {
    return <AccountGate state={state} loginText="Bitte melden Sie sich an, um Ihre Verträge, Bestellungen und Rechnungen zu sehen." />;
  }
  const { overview } = state;
  return (
    <div className="space-y-12">
      <p className={info.text}>
        Ihre Kundennummer: <strong className={term}>{overview.customerNumber}</strong> – Sie brauchen sie zum Beispiel, um den{' '}
        <a href="/av-vertrag" className={info.link}>
          AV-Vertrag anzufordern
        </a>
        .
      </p>
      {!overview.emailVerified && <UnverifiedNotice />}
      <Contracts contracts={overview.contracts} today={overview.today} />
      <Orders orders={overview.orders} />
      <Invoices invoices={overview.invoices} />
    </div>
  );
}
