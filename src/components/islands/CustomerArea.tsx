import type { IsoDay } from '../../lib/contracts/ends.ts';
import type { AccountContract, AccountOrder } from '../../lib/contracts/overview.ts';
import { contractStatusText, pendingCancellationText } from '../../lib/contracts/status.ts';
import { customerTypeLabel, minimumTermText, periodPriceText, serviceText } from '../../lib/contracts/texts.ts';
import { formatReceivedAt, germanDate } from '../../lib/forms/dates.ts';
import { orderStatusText } from '../../lib/orders/status.ts';
import { AccountGate } from '../account/AccountGate.tsx';
import { Invoices } from '../../features/billing/components/account/Invoices.tsx';
import { cancelContractHref, confirmationHref } from '../account/links.ts';
import { useAccountOverview } from '../account/useAccountOverview.ts';
import { ResendConfirmationLink } from '../auth/ResendConfirmationLink.tsx';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { text } from '../ui/classes.ts';
import { DataTable } from '../ui/DataTable.tsx';

/** Until the address is confirmed, guest orders under it stay out of the account (decision 0029). */
function UnverifiedNotice() {
  return (
    <section aria-labelledby="area-unverified">
      <Alert tone="warning" titleLevel={2} title={<span id="area-unverified">Ihre E-Mail-Adresse ist noch nicht bestätigt</span>}>
        <p>
          Hier stehen bisher nur Bestellungen, die Sie angemeldet aufgegeben haben. Bestellungen und Verträge, die ohne Anmeldung unter Ihrer
          E-Mail-Adresse aufgegeben wurden, erscheinen hier, sobald Sie die Adresse über den Link aus unserer E-Mail bestätigt haben.
        </p>
        <ResendConfirmationLink />
      </Alert>
    </section>
  );
}

function ContractCard({ contract, today }: { contract: AccountContract; today: IsoDay }) {
  const service = serviceText(contract);
  return (
    <Card as="li">
      <h3 className={text.h3}>{service}</h3>
      <dl className={`mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_minmax(0,1fr)] ${text.body}`}>
        <dt className={text.label}>Vertrag</dt>
        <dd>
          {contract.contractNumber} (Bestellung {contract.orderNumber})
        </dd>
        <dt className={text.label}>Preis je Zeitraum</dt>
        <dd>{periodPriceText(contract)}</dd>
        <dt className={text.label}>Beginn</dt>
        <dd>{germanDate(contract.startsOn)}</dd>
        <dt className={text.label}>Mindestlaufzeit</dt>
        <dd>{minimumTermText(contract)}</dd>
        <dt className={text.label}>Status</dt>
        <dd>{contractStatusText(contract, today)}</dd>
        {contract.pendingCancellation && (
          // Received, but not (yet) changing the contract: unconfirmed, or waiting for our decision (decision 0054).
          <>
            <dt className={text.label}>Kündigung</dt>
            <dd>{pendingCancellationText(contract.pendingCancellation)}</dd>
          </>
        )}
        {contract.nextPossibleEnd && (
          <>
            <dt className={text.label}>Nächstmögliches Ende</dt>
            <dd>{germanDate(contract.nextPossibleEnd)} (bei Eingang der Kündigung heute)</dd>
          </>
        )}
      </dl>
      {contract.status === 'running' && (
        <Button href={cancelContractHref(contract.contractNumber)} variant="secondary" className="mt-5">
          kündigen<span className="sr-only"> – {service}, Vertrag {contract.contractNumber}</span>
        </Button>
      )}
    </Card>
  );
}

function Contracts({ contracts, today }: { contracts: AccountContract[]; today: IsoDay }) {
  return (
    <section aria-labelledby="area-contracts">
      <h2 id="area-contracts" className={text.h2}>
        Ihre Verträge
      </h2>
      {contracts.length === 0 ? (
        <p className={`mt-4 ${text.lead}`}>Zu Ihrem Konto gehören noch keine Verträge.</p>
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

function OrderDocuments({ order }: { order: AccountOrder }) {
  if (order.hasConfirmation) {
    return (
      <a href={confirmationHref(order.orderNumber)} className={text.link}>
        Vertragsbestätigung (PDF)<span className="sr-only"> zur Bestellung {order.orderNumber}</span>
      </a>
    );
  }
  // Made with our acceptance (decision 0053); orders from before the PDFs (decision 0028) have none to offer.
  if (order.status === 'received') return 'Vertragsbestätigung folgt mit der Annahme';
  return order.status === 'accepted' ? 'keine gespeichert' : 'keine – kein Vertrag';
}

function Orders({ orders }: { orders: AccountOrder[] }) {
  return (
    <section aria-labelledby="area-orders">
      <h2 id="area-orders" className={text.h2}>
        Ihre Bestellungen
      </h2>
      {orders.length === 0 ? (
        <p className={`mt-4 ${text.lead}`}>Zu Ihrem Konto gehören noch keine Bestellungen.</p>
      ) : (
        <DataTable
          caption="Ihre Bestellungen"
          captionHidden
          className="mt-6"
          rows={orders}
          rowKey={(order) => order.orderNumber}
          columns={[
            { header: 'Bestellung', rowHeader: true, cell: (order) => order.orderNumber },
            { header: 'Datum', cell: (order) => formatReceivedAt(order.orderedAt).date },
            { header: 'Bestellt als', cell: (order) => customerTypeLabel[order.customerType] },
            {
              header: 'Stand',
              cell: (order) => (
                <>
                  {orderStatusText(order)}
                  {/* 'withdrawn' already says it for an order withdrawn before our acceptance. */}
                  {order.withdrawal && order.status !== 'withdrawn' && <span className="block">{withdrawalText(order.withdrawal)}</span>}
                </>
              ),
            },
            { header: 'Dokumente', cell: (order) => <OrderDocuments order={order} /> },
          ]}
        />
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
      <p className={text.lead}>
        Ihre Kundennummer: <strong className={text.label}>{overview.customerNumber}</strong> – Sie brauchen sie zum Beispiel, um den{' '}
        <a href="/av-vertrag" className={text.link}>
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
