import { contractStatusText } from '../../lib/contracts/status.ts';
import { customerTypeLabel } from '../../lib/contracts/texts.ts';
import { formatReceivedAt, germanDate, todayIso } from '../../lib/forms/dates.ts';
import type { Schedule } from '../../lib/prices/amounts.ts';
import { everyText } from '../../lib/prices/rhythm.ts';
import { amountText, euro, recurringLabel, type PriceDisplay } from '../../lib/prices/statement.ts';
import type { DeclarationAttribution, InboxDetail, InboxItem } from '../../lib/agent/inbox-types.ts';
import type { OrderInvoice } from '../../features/billing/agent-types.ts';
import { ledgerFactsSql } from '../../features/billing/server/facts.ts';
import { invoiceState, type LedgerFacts } from '../../features/billing/state.ts';
import { attributionLabels, type Attribution } from '../../lib/contracts/attribution.ts';
import { reviewReasons, reviewReasonsText } from '../../lib/orders/acceptance.ts';
import { orderStatusText, type OrderDecision, type OrderStatus } from '../../lib/orders/status.ts';
import type { PriceUnit } from '../../lib/schemas/price-source.ts';
import { optionLabel } from '../../lib/schemas/forms/common.ts';
import { cancellationTypes } from '../../lib/schemas/forms/cancellation.ts';
import { demoProducts } from '../../lib/schemas/forms/demo-request.ts';
import { interestOptions, orderFeatures, orderTopics, rentalOrPurchaseOptions } from '../../lib/schemas/forms/order-inquiry.ts';
import type { InboxType } from '../../lib/schemas/inbox.ts';
import { PAYMENT_METHOD_LABEL, type CustomerType, type PaymentMethod } from '../../lib/schemas/order.ts';
import { CLICK_DUMMY_TRIGGER_LABEL, type ClickDummyTrigger } from '../../features/click-dummy/schemas.ts';
import { formatEuro } from '../../lib/money.ts';
import { CROSS_BORDER_CONSUMER_THRESHOLD_CENTS, VAT_ID_UNCONFIRMED } from '../../lib/tax.ts';
import { TAX_CASE_LABEL, type TaxCase } from '../../lib/tax-case.ts';
import type { Queryable } from '../db/index.ts';

/**
 * Where each inbox type lives: its table (received things keep their own tables, see decision
 * 0019), the column with the time of receipt, and how a row reads in German. Only constant SQL
 * fragments from here are put into queries; values always go in as parameters.
 */

type Row = Record<string, unknown>;

export interface InboxSource {
  table: string;
  receivedColumn: 'created_at' | 'received_at';
  /** Narrows a shared table (contact and configurator inquiries share `inquiries`). */
  where: string;
  /** What the item shows from another table, read in the same query (`x` is the source's row). */
  joined?: { join: string; columns: string };
  title(row: Row): string;
  details(row: Row, db: Queryable): Promise<InboxDetail[]> | InboxDetail[];
  extra?(row: Row): Partial<InboxItem>;
}

const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
export const iso = (value: unknown): string => new Date(value as string | Date).toISOString();
/** A `date` column as 'YYYY-MM-DD' (drivers hand it over as text or as a Date at local midnight). */
function isoDay(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.slice(0, 10);
  const date = value as Date;
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Drops empty optional values, so the detail view lists what was actually sent. */
function compact(details: (InboxDetail | false)[]): InboxDetail[] {
  return details.filter((d): d is InboxDetail => d !== false && !(d.kind === 'text' && d.value.trim() === ''));
}

const text = (label: string, value: unknown): InboxDetail => ({ label, kind: 'text', value: str(value) });
const email = (value: unknown): InboxDetail => ({ label: 'E-Mail', kind: 'email', value: str(value) });
/** Who sent it: the name and the address a reply goes to. */
const sender = (row: Row): InboxDetail[] => [text('Name', row.name), email(row.email)];
const yesNo = (label: string, value: unknown): InboxDetail => ({ label, kind: 'boolean', value: value === true });

function inquiry(kind: 'contact' | 'configurator'): InboxSource {
  return {
    table: 'inquiries',
    receivedColumn: 'created_at',
    where: `kind = '${kind}'`,
    title: (row) =>
      kind === 'contact'
        ? `Kontaktanfrage von ${str(row.name)}${str(row.subject) ? `: ${str(row.subject)}` : ''}`
        : `Konfigurator-Anfrage von ${str(row.name)}`,
    details: (row) =>
      compact([
        ...sender(row),
        text('Betreff', row.subject),
        text('Nachricht', row.message),
        kind === 'configurator' && text('Konfiguration', JSON.stringify(row.details, null, 2)),
      ]),
  };
}

/** A cancellation's contract as the agent checks it: number, product, where it stands, the computed end. */
function matchedContract(row: Row): InboxDetail[] {
  if (row.matched_number === null) return [text('Passender Vertrag', 'keiner – bitte anhand der Angaben prüfen')];
  const computedEnd = isoDay(row.computed_end_date);
  return compact([
    text('Passender Vertrag', `${str(row.matched_number)} – ${str(row.matched_name)}`),
    text('Vertragsstatus', contractStatusText({ startsOn: str(row.matched_starts_on), endsOn: isoDay(row.matched_ends_on) }, todayIso())),
    computedEnd !== null && { label: 'Berechnetes Vertragsende', kind: 'date', value: computedEnd },
    text('Begründung des Vertragsendes', row.matched_end_note),
  ]);
}

/** How and when a declaration became attributable (decision 0054), from its two columns. */
function attributionOf(row: Row): DeclarationAttribution | null {
  return row.attributed_at === null ? null : { by: row.attributed_by as Attribution, at: iso(row.attributed_at) };
}

/** Whether the declaration may change the contract yet, and who made it so. */
function attributionDetails(row: Row): InboxDetail[] {
  const attribution = attributionOf(row);
  if (!attribution) return [text('Zugeordnet', 'noch nicht – der Vertrag bleibt unverändert, bis der Kunde den Bestätigungslink bestätigt oder Sie die Erklärung bearbeiten')];
  return [text('Zugeordnet', attributionLabels[attribution.by]), { label: 'Zugeordnet am', kind: 'datetime', value: attribution.at }];
}

/**
 * When an order's services begin (decision 0034): a consumer who did not ask for the early start
 * is served after the withdrawal period; the agent sees which, and when the request was made.
 */
function servicesStart(row: Row): string {
  const day = isoDay(row.services_start_on);
  // Before the acceptance the day is not known: it follows from the acceptance (decision 0053).
  const startsOn = day === null ? null : germanDate(day);
  if (row.customer_type === 'business') return startsOn ? `sofort, am ${startsOn} (Unternehmer, kein Widerrufsrecht)` : 'sofort mit der Annahme (Unternehmer, kein Widerrufsrecht)';
  if (row.early_start_requested_at === null) return startsOn ? `nach Ablauf der Widerrufsfrist am ${startsOn}` : 'nach Ablauf der Widerrufsfrist, 14 Tage ab der Annahme';
  return `${startsOn ? 'sofort' : 'sofort mit der Annahme'} – vorzeitiger Beginn verlangt am ${formatReceivedAt(iso(row.early_start_requested_at)).text}`;
}

/** Where an order stands and who decided it (decision 0053). */
function orderDecision(row: Row): OrderDecision & { decidedBy: string | null } {
  return {
    status: row.status as OrderStatus,
    acceptanceDeadline: isoDay(row.acceptance_deadline),
    acceptedAt: row.accepted_at === null ? null : iso(row.accepted_at),
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
    rejectionReason: (row.rejection_reason as string | null) ?? null,
    decidedBy: (row.decided_by_name as string | null) ?? null,
  };
}

/** What the order's first amount is to the agent: due only once the order is accepted (decision 0053). */
const DUE_LABELS: Record<OrderStatus, string> = {
  received: 'Fällig mit der Annahme (brutto)',
  accepted: 'Jetzt fällig (brutto)',
  rejected: 'Nicht fällig, abgelehnt (brutto)',
  lapsed: 'Nicht fällig, nicht zustande gekommen (brutto)',
  withdrawn: 'Nicht fällig, widerrufen (brutto)',
};

/** The order's invoices, each with its ledger's facts (decision 0058), read with the order. */
const ORDER_INVOICES_SQL = `(SELECT coalesce(json_agg(json_build_object('number', i.invoice_number, 'kind', i.kind, 'grossCents', i.gross_cents, 'facts', ${ledgerFactsSql('i')}) ORDER BY i.id), '[]'::json)
  FROM invoices i WHERE i.order_id = x.id) AS order_invoices`;

function orderInvoices(row: Row): OrderInvoice[] {
  const today = todayIso();
  return (row.order_invoices as (Omit<OrderInvoice, 'state' | 'openCents'> & { facts: LedgerFacts })[]).map(({ facts, ...invoice }) => ({
    ...invoice,
    ...invoiceState(facts, invoice.number, today),
  }));
}

/**
 * The net amounts invoiced (less cancellations) to customers taxed as consumers in other member
 * states, last year and this year, against the threshold of § 3a Abs. 5 Satz 3 UStG: once it is
 * passed, such orders need the customer's country's VAT (decision 0056).
 */
async function crossBorderConsumerSums(db: Queryable): Promise<string> {
  const year = Number(todayIso().slice(0, 4));
  const { rows } = await db.query<{ year: number; net_cents: string | number }>(
    `SELECT extract(year FROM issued_on)::int AS year, sum(CASE WHEN kind = 'invoice' THEN net_cents ELSE -net_cents END) AS net_cents
     FROM invoices WHERE tax_case = 'eu-consumer' AND issued_on >= make_date($1::int - 1, 1, 1) GROUP BY 1`,
    [year],
  );
  const sumOf = (wanted: number) => Number(rows.find((row) => Number(row.year) === wanted)?.net_cents ?? 0);
  const passed = sumOf(year - 1) > CROSS_BORDER_CONSUMER_THRESHOLD_CENTS || sumOf(year) > CROSS_BORDER_CONSUMER_THRESHOLD_CENTS;
  return (
    `${year - 1}: ${formatEuro(sumOf(year - 1))}, ${year}: ${formatEuro(sumOf(year))} netto von ${formatEuro(CROSS_BORDER_CONSUMER_THRESHOLD_CENTS)}` +
    (passed ? ' – ÜBERSCHRITTEN: Diese Umsätze sind im Land des Kunden zu versteuern (One-Stop-Shop).' : '')
  );
}

export const inboxSources: Record<InboxType, InboxSource> = {
  contact: inquiry('contact'),
  configurator: inquiry('configurator'),
  'click-dummy': {
    table: 'click_dummy_requests',
    receivedColumn: 'created_at',
    where: 'true',
    title: (row) => `Click-Dummy-Anfrage von ${str(row.name)}`,
    details: (row) =>
      compact([...sender(row), text('Beschreibung', row.prompt), text('Auslöser', CLICK_DUMMY_TRIGGER_LABEL[row.trigger as ClickDummyTrigger])]),
  },
  order: {
    table: 'orders',
    receivedColumn: 'created_at',
    where: 'true',
    // The agent who accepted or rejected it.
    joined: { join: 'LEFT JOIN users d ON d.id = x.decided_by', columns: `d.display_name AS decided_by_name, ${ORDER_INVOICES_SQL}` },
    title: (row) => `Bestellung ${str(row.order_number)} von ${str(row.name)}`,
    details: async (row, db) => {
      const lines = await db.query<{ product_id: string; unit: PriceUnit; name: string; quantity: number; line_cents: number; billing_months: number | null }>(
        'SELECT product_id, unit, name, quantity, line_cents, billing_months FROM order_lines WHERE order_id = $1 ORDER BY position',
        [row.id],
      );
      const decision = orderDecision(row);
      // Orders before amounts by rhythm (migration 0014) have no schedule: their total is the sum they were shown.
      const schedule = row.schedule as Schedule | null;
      const display: PriceDisplay = row.price_basis === 'net' ? 'net' : 'gross';
      const lineText = (l: { name: string; quantity: number; line_cents: number; billing_months: number | null }) =>
        `${l.quantity} × ${l.name} – ${euro(Number(l.line_cents), display)}${schedule ? `, ${l.billing_months === null ? 'einmalig' : everyText(Number(l.billing_months))}` : ''}`;
      return compact([
        text('Bestellnummer', row.order_number),
        text('Stand', orderStatusText(decision)),
        decision.status === 'received' && text('Prüfung nötig wegen', reviewReasonsText(reviewReasons(lines.rows.map((l) => ({ id: l.product_id, unit: l.unit }))))),
        decision.decidedBy !== null && text('Entschieden von', decision.decidedBy),
        text('Kundenart', customerTypeLabel[row.customer_type as CustomerType]),
        text('Leistungsbeginn', servicesStart(row)),
        text('Firma', row.company),
        text('USt-IdNr.', row.vat_id),
        text('Umsatzsteuer', TAX_CASE_LABEL[row.tax_case as TaxCase]),
        row.tax_case === 'reverse-charge' && text('USt-IdNr. prüfen', VAT_ID_UNCONFIRMED),
        row.tax_case === 'eu-consumer' && text('Umsatzschwelle § 3a Abs. 5 UStG', await crossBorderConsumerSums(db)),
        text('Name', row.name),
        text('Anschrift', `${str(row.street)}, ${str(row.postal_code)} ${str(row.city)}, ${str(row.country)}`),
        email(row.email),
        text('Zahlungsart', PAYMENT_METHOD_LABEL[row.payment_method as PaymentMethod]),
        text('Preise', display === 'net' ? 'Nettopreise zzgl. USt. (Unternehmer)' : 'Bruttopreise inkl. USt. (Verbraucher)'),
        { label: 'Positionen', kind: 'list', value: lines.rows.map(lineText) },
        { label: schedule ? DUE_LABELS[decision.status] : 'Summe laut Bestellung (brutto)', kind: 'money', cents: Number(row.total_cents) },
        { label: 'Darin enthaltene USt.', kind: 'money', cents: Number(row.vat_cents) },
        schedule !== null &&
          schedule.recurring.length > 0 && {
            label: 'Danach',
            kind: 'list',
            value: schedule.recurring.map(({ everyMonths, amount }) => `${recurringLabel(everyMonths)}: ${amountText(amount, display)}`),
          },
        text('Akzeptierte AGB-Fassung', row.agb_version),
      ]);
    },
    // Whether the order is paid is read from its invoices; an order not accepted has none (decision 0053).
    extra: (row) => ({ billing: { orderNumber: str(row.order_number), invoices: orderInvoices(row) }, order: orderDecision(row) }),
  },
  'order-inquiry': {
    table: 'order_inquiries',
    receivedColumn: 'received_at',
    where: 'true',
    title: (row) => `Auftragsanfrage von ${str(row.name)}: ${optionLabel(orderTopics, str(row.topic))}`,
    details: (row) =>
      compact([
        ...sender(row),
        text('Kundennummer', row.customer_id),
        text('Anfrage', row.inquiry),
        row.maximum_budget_cents !== null && { label: 'Maximales Budget', kind: 'money', cents: Number(row.maximum_budget_cents) },
        text('Thema', optionLabel(orderTopics, str(row.topic))),
        text('Miete oder Kauf', optionLabel(rentalOrPurchaseOptions, str(row.rental_or_purchase))),
        { label: 'Funktionen', kind: 'list', value: ((row.features as string[] | null) ?? []).map((f) => optionLabel(orderFeatures, f)) },
        yesNo('Benutzerdokumentation', row.user_documentation),
        yesNo('Quellcodedokumentation', row.source_code_documentation),
        yesNo('Administrationsdokumentation', row.admin_documentation),
        text('Interesse an', optionLabel(interestOptions, str(row.interested_in))),
        yesNo('Service-Level-Agreement', row.service_level_agreement),
        yesNo('Fehlerbehebung', row.bugfixing),
        yesNo('Tests', row.testing),
      ]),
  },
  cancellation: {
    table: 'cancellations',
    receivedColumn: 'received_at',
    where: 'true',
    // The contract it was matched to on receipt (decision 0027), if any.
    joined: {
      join: 'LEFT JOIN contracts k ON k.id = x.contract_id',
      columns:
        "k.contract_number AS matched_number, k.name AS matched_name, to_char(k.starts_on, 'YYYY-MM-DD') AS matched_starts_on, " +
        "to_char(k.ends_on, 'YYYY-MM-DD') AS matched_ends_on, k.end_note AS matched_end_note",
    },
    title: (row) => `Kündigung Nr. ${str(row.id)}: ${str(row.contract_name)}`,
    details: (row) =>
      compact([
        text('Vertrag', row.contract_name),
        ...matchedContract(row),
        text('Art der Kündigung', optionLabel(cancellationTypes, str(row.type_of_cancellation) as 'regular')),
        text('Kündigungsgrund', row.cancellation_reason),
        row.requested_end_date === null
          ? text('Gewünschtes Vertragsende', 'Nächstmöglicher Termin')
          : { label: 'Gewünschtes Vertragsende', kind: 'date', value: isoDay(row.requested_end_date)! },
        text('Kundennummer', row.customer_id),
        text('Bestellnummer', row.order_id),
        text('Name', `${str(row.firstname)} ${str(row.lastname)}`),
        text('Anschrift', [str(row.street), str(row.street_extra), `${str(row.postcode)} ${str(row.locality)}`.trim(), str(row.country)].filter(Boolean).join(', ')),
        email(row.email),
        text('Anmerkung', row.annotation),
        text('Eingereicht über', row.user_id === null ? 'Kündigungsformular' : 'Kundenkonto'),
        row.identity_confirmed_at === null
          ? text('Identität bestätigt', 'noch nicht')
          : { label: 'Identität bestätigt am', kind: 'datetime', value: iso(row.identity_confirmed_at) },
        ...attributionDetails(row),
        text('Begründung der Entscheidung', row.decision_reason),
      ]),
    extra: (row) => ({
      cancellation: {
        processed: row.status === 'processed',
        contractEndDate: isoDay(row.contract_end_date),
        processedAt: row.processed_at === null ? null : iso(row.processed_at),
        requestedEndDate: isoDay(row.requested_end_date),
        computedEndDate: row.matched_number === null ? null : isoDay(row.computed_end_date),
        type: row.type_of_cancellation as 'regular' | 'extraordinary',
        receivedOn: todayIso(new Date(iso(row.received_at))),
        matched: row.matched_number !== null,
        attribution: attributionOf(row),
      },
    }),
  },
  withdrawal: {
    table: 'withdrawals',
    receivedColumn: 'received_at',
    where: 'true',
    // The orders it names (decision 0054): found on receipt among the sender's, or assigned by an agent.
    joined: {
      join: '',
      columns: '(SELECT coalesce(json_agg(o.order_number ORDER BY o.id), \'[]\'::json) FROM withdrawal_orders wo JOIN orders o ON o.id = wo.order_id WHERE wo.withdrawal_id = x.id) AS named_orders',
    },
    title: (row) => `Widerruf von ${str(row.name)}: ${str(row.contract)}`,
    details: (row) =>
      compact([
        text('Vertrag oder Produkt', row.contract),
        ...sender(row),
        text('Genannte Bestellungen', (row.named_orders as string[]).join(', ') || 'keine eindeutig – bitte anhand der Angaben prüfen'),
        row.identity_confirmed_at === null
          ? text('Identität bestätigt', 'noch nicht')
          : { label: 'Identität bestätigt am', kind: 'datetime', value: iso(row.identity_confirmed_at) },
        ...attributionDetails(row),
      ]),
    extra: (row) => ({ withdrawal: { orderNumbers: row.named_orders as string[], attribution: attributionOf(row) } }),
  },
  'av-request': {
    table: 'av_requests',
    receivedColumn: 'received_at',
    where: 'true',
    title: (row) => `AV-Vertrag-Anfrage von Kundennummer ${str(row.customer_id)}`,
    // No address: number and postal code fit no customer, and nothing was sent (decision 0036).
    details: (row) =>
      compact([
        text('Kundennummer', row.customer_id),
        text('Postleitzahl', row.postal_code),
        row.email === null ? text('Versand', 'keiner – Kundennummer und Postleitzahl passen zu keinem Kunden') : email(row.email),
      ]),
  },
  'demo-request': {
    table: 'demo_requests',
    receivedColumn: 'received_at',
    where: 'true',
    title: (row) => `Demo-Anfrage von ${str(row.company)}: ${optionLabel(demoProducts, str(row.product))}`,
    details: (row) =>
      compact([
        ...sender(row),
        text('Firma', row.company),
        text('Produkt', optionLabel(demoProducts, str(row.product))),
        row.preferred_date !== null && { label: 'Wunschtermin', kind: 'date', value: isoDay(row.preferred_date)! },
      ]),
  },
};

