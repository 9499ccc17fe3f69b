import { createHash } from 'node:crypto';
import type { Catalogue } from '../../lib/catalogue.ts';
import { paymentProblems, priceCart, type PricedCart } from '../../lib/order.ts';
import { PRICE_BASIS, type Schedule } from '../../lib/prices/amounts.ts';
import { servicesStartOn } from '../../lib/contracts/service-start.ts';
import type { IsoDay } from '../../lib/contracts/ends.ts';
import { todayIso } from '../../lib/forms/dates.ts';
import { acceptanceDeadline, acceptedAtOnce } from '../../lib/orders/acceptance.ts';
import type { OrderStatus } from '../../lib/orders/status.ts';
import { termSummary, termTexts } from '../../lib/prices/terms.ts';
import type { OrderRequest } from '../../lib/schemas/order.ts';
import { decideTax } from '../../lib/tax.ts';
import type { Queryable } from '../db/index.ts';
import { contractConfirmationAttachment, contractConfirmationPdf, type ConfirmedContract, type ContractConfirmation } from '../documents/contract-confirmation.ts';
import { site } from '../../config/site.ts';
import { env } from '../env.ts';
import { HttpError, httpMessages } from '../http/errors.ts';
import type { OutgoingMail } from '../mail/index.ts';
import { proofOfWorkRefused } from '../security/check.ts';
import { verifiedSet } from '../security/hashcash.ts';
import { orderConfirmation, orderNotification, orderReceipt, type StoredOrder } from './confirmation-mail.ts';
import { CONTRACT_CONFIRMATION } from './order-documents.ts';
import { MAIL_CAP_REACHED, PROOF_OF_WORK_REFUSED, reserveOrder, storeOrder, type OrderColumns } from './order-statement.ts';
import { isAccepted } from './order-texts.ts';
import { orderedLinesJson } from './stored-order.ts';

export const orderPlacementMessages = {
  keyReused:
    'Dieser Bestellvorgang wurde bereits mit anderen Angaben abgeschlossen. Bitte prüfen Sie Ihr E-Mail-Postfach auf die Bestellbestätigung und laden Sie die Seite neu, bevor Sie erneut bestellen.',
  agbChanged:
    'Unsere AGB wurden inzwischen geändert. Bitte laden Sie die Seite neu, lesen Sie die aktuelle Fassung und bestätigen Sie sie erneut – Ihr Warenkorb bleibt erhalten.',
  /** Decision 0063: the daily cap of the typed address has no room for the order's mails. */
  mailCapReached:
    'An diese E-Mail-Adresse haben wir heute schon mehrere E-Mails gesendet. Zum Schutz der Adresse vor Missbrauch nehmen wir darüber erst nach 24 Stunden wieder eine Bestellung an. ' +
    `Bitte bestellen Sie dann erneut, mit einer anderen E-Mail-Adresse oder telefonisch unter ${site.phoneDisplay} – Ihr Warenkorb bleibt erhalten.`,
} as const;

export interface PlaceOrderInput {
  request: OrderRequest;
  /** Whose Idempotency-Key this is (the visitor id): keys of different visitors never collide. */
  keyScope: string;
  idempotencyKey: string;
  /** The session cookie of the request: the order belongs to its account (looked up with the numbers). */
  sessionToken?: string | undefined;
  /** The AGB in force ('Stand/hash'); the customer must have accepted exactly this one. */
  agbVersion: string;
  /** Origin of the site for the links in the mails. */
  origin: string;
  now?: Date;
}

export interface PlacedOrder {
  /** False when the key was used before and this is that earlier order. */
  created: boolean;
  /** The order's id, when this call created it (for its first invoice). */
  id: number | null;
  orderNumber: string;
  /** 'accepted' at once, or 'received' for an agent's review (decision 0053); a repeated key answers where the order stands now. */
  status: OrderStatus;
  /** What is due now and what recurs, by rhythm, as the customer was shown it. */
  schedule: Schedule;
  /** The first day of the services: the acceptance day, or after the withdrawal period (decision 0034); null until accepted. */
  servicesStartOn: IsoDay | null;
  /** The last day we can accept an order we review; null for an order accepted at once. */
  acceptanceDeadline: IsoDay | null;
  /**
   * False only for an order placed before decision 0063 whose confirmation the daily cap held back
   * (decision 0042); a retry answers what was stored. Today such an order is refused instead.
   */
  confirmationMailed: boolean;
  /** Outbox ids to deliver after the commit. */
  mailIds: number[];
  /** Placed by the logged-in owner under the account's confirmed address: its first invoice is no stranger's mail (decision 0063). */
  ownAddress: boolean;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Checks the proof of work first: refused, it costs no pricing, no number and no PDF. Then prices
 * the order from the server's catalogue in the basis of its customer type, checks the rules the
 * schema cannot see (unknown ids, the domain rule, the SEPA minimum, the AGB version),
 * decides whether we accept it at once (src/lib/orders/acceptance.ts, decision 0053) and stores it
 * in one statement, after a first one that reserves the numbers the PDF names (order-statement.ts;
 * two round trips, issue 22):
 * - accepted at once: order, lines, a contract per recurring line from the services' first day, the
 *   contract confirmation PDF and both mails, the customer's ('Bestellbestätigung und
 *   Auftragsbestätigung') with the PDF attached;
 * - to be reviewed: order and lines with the acceptance deadline and the lines as priced (for the
 *   PDF an agent's acceptance makes), the receipt ('Eingangsbestätigung') and the shop's copy – no
 *   contract, no PDF, and so nothing to invoice.
 * The Idempotency-Key's UNIQUE constraint decides which of several concurrent submits stores; the
 * others wait for it and answer with the same order – without a second PDF or mail.
 */
export async function placeOrder(db: Queryable, catalogue: Catalogue, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { request } = input;
  const now = input.now ?? new Date();
  // The proof of work first (issue 35): one whose signatures fail costs nothing else, and one spent
  // before is refused by the statement that would reserve the numbers, before the PDF is built.
  const { hashcash_solutions: solutions, ...ordered } = request;
  const { appSecret, hashcash } = env();
  const tasks = verifiedSet(appSecret, solutions, hashcash.tasks, now);
  if (!Array.isArray(tasks)) throw proofOfWorkRefused();
  if (request.consents.agbVersion !== input.agbVersion) throw new HttpError(409, orderPlacementMessages.agbChanged);
  // The schema refused what the tax rule refuses (docs/decisions/0056); asked again, it answers the same.
  const tax = decideTax(request.customer);
  if (tax.refusal) throw new HttpError(400, httpMessages.invalidInput, { [`customer.${tax.refusal.field}`]: tax.refusal.message });
  const priced = priceCart(catalogue, request.items, PRICE_BASIS[request.customer.type], tax.taxCase);
  const problems = { ...priced.problems, ...paymentProblems(request.paymentMethod, priced.schedule) };
  if (Object.keys(problems).length > 0) throw new HttpError(400, httpMessages.invalidInput, problems);

  const keyHash = sha256(`${input.keyScope}\u0000${input.idempotencyKey}`);
  // The proof of work is not part of what was ordered: a retry with fresh solutions is the same order.
  const requestHash = sha256(JSON.stringify(ordered));
  // The day in Germany: an order at 00:30 in Köln counts for that day.
  const today = todayIso(now);
  const atOnce = acceptedAtOnce(priced.lines);
  const lines = orderLines(input, priced);
  // Contracts exist only for an accepted order: one we review gets them from the agent's acceptance.
  const recurring = atOnce ? lines.filter((line) => line.billingMonths !== null) : [];

  const reserved = await reserveOrder(db, { sessionToken: input.sessionToken, contractCount: recurring.length, keyHash, taskIds: tasks.map((task) => task.id) }, now);
  if (!reserved) throw proofOfWorkRefused();
  const order: StoredOrder = {
    orderNumber: reserved.orderNumber,
    createdAt: now,
    request: ordered,
    cart: priced,
    agbVersion: input.agbVersion,
    acceptedAt: atOnce ? now : null,
    servicesStartOn: atOnce ? servicesStartOn(today, { customerType: request.customer.type, earlyStart: request.consents.earlyStart }) : null,
    acceptanceDeadline: atOnce ? null : acceptanceDeadline(today),
  };
  let document: ContractConfirmation | null = null;
  let customerMail: OutgoingMail;
  if (isAccepted(order)) {
    const contracts: ConfirmedContract[] = recurring.map((line, index) => ({
      contractNumber: reserved.contracts[index]!.contractNumber,
      position: line.position,
      startsOn: order.servicesStartOn,
    }));
    // Built before the statement because it is stored and mailed by it; the mail and the stored copy
    // are the same bytes (§ 312f Abs. 2 BGB: what the customer got, kept with the order).
    document = await contractConfirmationPdf({ order, contracts, origin: input.origin });
    customerMail = orderConfirmation(order, input.origin, contractConfirmationAttachment(document));
  } else {
    customerMail = orderReceipt(order, input.origin);
  }
  const notification = orderNotification(order, input.origin);
  const row = await storeOrder(db, {
      reserved,
      keyHash,
      requestHash,
      columns: orderColumns(input, priced, order),
      lines: lineColumns(lines),
      contractPositions: recurring.map((line) => line.position),
      contract: { customerType: request.customer.type, email: request.customer.email, priceBasis: priced.basis, startsOn: order.servicesStartOn },
      // Spent (in the replay store) only by a new order, so a retry of a placed one (same key) is no replay.
      proofOfWork: tasks,
      document: document && { kind: CONTRACT_CONFIRMATION, ...document },
      // The confirmation and, accepted at once, the first invoice go to the typed address and count
      // against its daily cap (decisions 0040, 0063): without room for both the order is refused
      // before anything is stored, so no confirmation the law requires is held back.
      confirmation: customerMail,
      visitorMails: atOnce ? 2 : 1,
      notification,
      now,
  }).catch((error: unknown) => {
    if (!(error instanceof Error)) throw error;
    if (error.message === PROOF_OF_WORK_REFUSED) throw proofOfWorkRefused();
    if (error.message === MAIL_CAP_REACHED) throw new HttpError(429, orderPlacementMessages.mailCapReached, { 'customer.email': orderPlacementMessages.mailCapReached });
    throw error;
  });
  if (!row.created && row.request_hash !== requestHash) throw new HttpError(422, orderPlacementMessages.keyReused);
  return {
    created: row.created,
    id: row.created ? reserved.orderId : null,
    orderNumber: row.order_number,
    status: row.status,
    schedule: row.schedule as Schedule,
    servicesStartOn: row.services_start_on,
    acceptanceDeadline: row.acceptance_deadline,
    confirmationMailed: row.confirmation_mailed,
    mailIds: row.mail_ids.map(Number),
    ownAddress: row.own_address,
  };
}

type OrderLine = ReturnType<typeof orderLines>[number];

/** The order's lines as stored, with the terms of its customer type. */
function orderLines(input: PlaceOrderInput, priced: PricedCart) {
  const { customer } = input.request;
  return priced.lines.map((line, index) => {
    // placeOrder refused unknown ids before, so every line has its entry.
    const entry = line.entry!;
    const term = entry.term;
    return {
      position: index + 1,
      productId: line.id,
      name: entry.name,
      unit: entry.unit,
      term: term ? termSummary(term, customer.type) : entry.unit === 'hour' ? 'Abrechnung der gebuchten Stunden, einmalig' : 'einmalige Leistung',
      minimumTerm: term ? termTexts(term, customer.type).minimumTerm : 'keine',
      unitCents: line.unitCents,
      unitNetCents: entry.netCents,
      vatPercent: line.vatPercent,
      quantity: line.quantity,
      lineCents: line.paymentCents,
      lineGrossCents: line.paymentGrossCents,
      minimumMonths: term?.minimumMonths ?? null,
      billingMonths: term?.billingMonths ?? null,
      noticeDays: term?.noticeDays ?? null,
    };
  });
}

/** Every line in one insert (a round trip per line would add up on Neon): one array per column of order_lines. */
function lineColumns(lines: OrderLine[]): OrderColumns {
  const column = <K extends keyof OrderLine>(key: K) => lines.map((line) => line[key]);
  return [
    ['position', column('position'), 'int[]'],
    ['product_id', column('productId'), 'text[]'],
    ['name', column('name'), 'text[]'],
    ['unit', column('unit'), 'text[]'],
    ['term', column('term'), 'text[]'],
    ['minimum_term', column('minimumTerm'), 'text[]'],
    ['unit_cents', column('unitCents'), 'int[]'],
    ['unit_net_cents', column('unitNetCents'), 'int[]'],
    ['vat_percent', column('vatPercent'), 'smallint[]'],
    ['quantity', column('quantity'), 'int[]'],
    ['line_cents', column('lineCents'), 'int[]'],
    ['line_gross_cents', column('lineGrossCents'), 'int[]'],
    ['minimum_months', column('minimumMonths'), 'smallint[]'],
    ['billing_months', column('billingMonths'), 'smallint[]'],
    ['notice_days', column('noticeDays'), 'smallint[]'],
  ];
}

/** The order's own columns and values. */
function orderColumns(input: PlaceOrderInput, priced: PricedCart, order: StoredOrder): OrderColumns {
  const now = order.createdAt;
  const { request } = input;
  const { customer } = request;
  // The schema let a consumer give both statements or neither; businesses have none to give.
  const earlyStart = customer.type === 'consumer' && request.consents.earlyStart;
  const sepa = request.paymentMethod === 'sepa';
  const { dueNow } = priced.schedule;
  return [
    ['customer_type', customer.type, 'text'],
    ['company', customer.type === 'business' ? customer.company : null, 'text'],
    ['vat_id', customer.type === 'business' && customer.vatId ? customer.vatId : null, 'text'],
    ['tax_case', priced.taxCase, 'text'],
    ['invoice_format', customer.type === 'business' ? customer.invoiceFormat : 'pdf', 'text'],
    ['leitweg_id', customer.type === 'business' && customer.leitwegId ? customer.leitwegId : null, 'text'],
    ['name', customer.name, 'text'],
    ['street', customer.street, 'text'],
    ['postal_code', customer.postalCode, 'text'],
    ['city', customer.city, 'text'],
    ['country', customer.country, 'text'],
    ['email', customer.email, 'text'],
    ['payment_method', request.paymentMethod, 'text'],
    ['iban', sepa ? request.iban : null, 'text'],
    ['total_cents', dueNow.grossCents, 'int'],
    ['net_cents', dueNow.netCents, 'int'],
    ['vat_cents', dueNow.vatCents, 'int'],
    ['agb_accepted_at', now, 'timestamptz'],
    ['early_start_requested_at', earlyStart ? now : null, 'timestamptz'],
    ['withdrawal_waiver_at', earlyStart ? now : null, 'timestamptz'],
    ['sepa_mandate_at', sepa ? now : null, 'timestamptz'],
    ['created_at', now, 'timestamptz'],
    ['price_basis', priced.basis, 'text'],
    ['schedule', JSON.stringify(priced.schedule), 'jsonb'],
    ['agb_version', input.agbVersion, 'text'],
    ['status', order.acceptedAt === null ? 'received' : 'accepted', 'text'],
    ['accepted_at', order.acceptedAt, 'timestamptz'],
    ['services_start_on', order.servicesStartOn, 'date'],
    ['acceptance_deadline', order.acceptanceDeadline, 'date'],
    // What an agent's acceptance confirms: the lines as priced today (stored-order.ts).
    ['ordered_lines', order.acceptedAt === null ? orderedLinesJson(priced.lines) : null, 'jsonb'],
  ];
}
