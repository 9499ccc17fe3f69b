import { createHash } from 'node:crypto';
import type { Catalogue } from '../../lib/catalogue.ts';
import { paymentProblems, priceCart, type PricedCart } from '../../lib/order.ts';
import { PRICE_BASIS, type Schedule } from '../../lib/prices/amounts.ts';
import { servicesStartOn } from '../../lib/contracts/service-start.ts';
import type { IsoDay } from '../../lib/contracts/ends.ts';
import { todayIso } from '../../lib/forms/dates.ts';
import { termSummary, termTexts } from '../../lib/prices/terms.ts';
import type { OrderRequest } from '../../lib/schemas/order.ts';
import type { Db, Transaction } from '../db/index.ts';
import { contractConfirmationAttachment, contractConfirmationPdf, type ConfirmedContract } from '../documents/contract-confirmation.ts';
import { HttpError, httpMessages } from '../http/errors.ts';
import { enqueueMail, enqueueVisitorMail, withHeldBackNotice } from '../mail/index.ts';
import { spendProofOfWork } from '../security/check.ts';
import { orderConfirmation, orderNotification, type StoredOrder } from './confirmation-mail.ts';
import { CONTRACT_CONFIRMATION, storeOrderDocument } from './order-documents.ts';

export const orderPlacementMessages = {
  keyReused:
    'Dieser Bestellvorgang wurde bereits mit anderen Angaben abgeschlossen. Bitte prüfen Sie Ihr E-Mail-Postfach auf die Bestellbestätigung und laden Sie die Seite neu, bevor Sie erneut bestellen.',
  agbChanged:
    'Unsere AGB wurden inzwischen geändert. Bitte laden Sie die Seite neu, lesen Sie die aktuelle Fassung und bestätigen Sie sie erneut – Ihr Warenkorb bleibt erhalten.',
} as const;

export interface PlaceOrderInput {
  request: OrderRequest;
  /** Whose Idempotency-Key this is (the visitor id): keys of different visitors never collide. */
  keyScope: string;
  idempotencyKey: string;
  userId: string | null;
  /** The AGB in force ('Stand/hash'); the customer must have accepted exactly this one. */
  agbVersion: string;
  /** Origin of the site for the links in the mails. */
  origin: string;
  now?: Date;
}

export interface PlacedOrder {
  /** False when the key was used before and this is that earlier order. */
  created: boolean;
  orderNumber: string;
  /** What is due now and what recurs, by rhythm, as the customer was shown it. */
  schedule: Schedule;
  /** The first day of the services: the order's day, or after the withdrawal period (decision 0034). */
  servicesStartOn: IsoDay;
  /** False when the daily cap per recipient held the confirmation mail back (decision 0042). */
  confirmationMailed: boolean;
  /** Outbox ids to deliver after the commit. */
  mailIds: number[];
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Prices the order from the server's catalogue in the basis of its customer type, checks the
 * rules the schema cannot see (unknown ids, the domain rule, the SEPA minimum, the AGB version),
 * and stores order, lines, a contract per recurring line, the contract confirmation PDF and both
 * mails (the customer's with the PDF attached) in one transaction. The Idempotency-Key's UNIQUE
 * constraint decides which of several concurrent submits inserts; the others wait for it
 * (ON CONFLICT) and answer with the same order – without a second PDF or mail.
 */
export async function placeOrder(db: Db, catalogue: Catalogue, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { request } = input;
  if (request.consents.agbVersion !== input.agbVersion) throw new HttpError(409, orderPlacementMessages.agbChanged);
  const priced = priceCart(catalogue, request.items, PRICE_BASIS[request.customer.type]);
  const problems = { ...priced.problems, ...paymentProblems(request.paymentMethod, priced.schedule) };
  if (Object.keys(problems).length > 0) throw new HttpError(400, httpMessages.invalidInput, problems);

  const keyHash = sha256(`${input.keyScope}\u0000${input.idempotencyKey}`);
  // The proof of work is not part of what was ordered: a retry with fresh solutions is the same order.
  const { hashcash_solutions: solutions, ...ordered } = request;
  const requestHash = sha256(JSON.stringify(ordered));
  const now = input.now ?? new Date();
  // The day in Germany: an order at 00:30 in Köln counts for that day.
  const startsOn = servicesStartOn(todayIso(now), { customerType: request.customer.type, earlyStart: request.consents.earlyStart });

  return db.transaction(async (tx) => {
    const inserted = await insertOrder(tx, input, priced, keyHash, requestHash, now, startsOn);
    if (!inserted) return earlierOrder(tx, keyHash, requestHash);
    // Spent only by a new order, so a retry of a placed one (same key) is not refused as a replay.
    await spendProofOfWork(tx, solutions, now);
    const contracts = await insertLines(tx, inserted.id, input, priced, startsOn);
    const order: StoredOrder = {
      orderNumber: inserted.orderNumber,
      createdAt: now,
      request,
      cart: priced,
      agbVersion: input.agbVersion,
      servicesStartOn: startsOn,
    };
    // Built here because it names the contract numbers the statement above assigned; the mail and
    // the stored copy are the same bytes (§ 312f Abs. 2 BGB: what the customer got, kept with the order).
    const confirmation = await contractConfirmationPdf({ order, contracts, origin: input.origin });
    await storeOrderDocument(tx, inserted.id, CONTRACT_CONFIRMATION, confirmation);
    // The confirmation goes to the typed address and counts against its daily cap (decisions 0040,
    // 0042); the company's notification always goes out, asking for the confirmation by hand when
    // the cap held it back, and the PDF is kept with the order either way.
    const confirmationMail = await enqueueVisitorMail(tx, orderConfirmation(order, input.origin, contractConfirmationAttachment(confirmation)));
    const notification = orderNotification(order, input.origin);
    if (confirmationMail === null) await tx.query('UPDATE orders SET confirmation_mailed = false WHERE id = $1', [inserted.id]);
    const mailIds = [
      ...(confirmationMail === null ? [] : [confirmationMail]),
      await enqueueMail(tx, confirmationMail === null ? withHeldBackNotice(notification, [request.customer.email]) : notification),
    ];
    return { created: true, orderNumber: inserted.orderNumber, schedule: priced.schedule, servicesStartOn: startsOn, confirmationMailed: confirmationMail !== null, mailIds };
  });
}

async function insertOrder(
  tx: Transaction,
  input: PlaceOrderInput,
  priced: PricedCart,
  keyHash: string,
  requestHash: string,
  now: Date,
  startsOn: IsoDay,
): Promise<{ id: number; orderNumber: string } | undefined> {
  const { request } = input;
  const { customer } = request;
  // The schema let a consumer give both statements or neither; businesses have none to give.
  const earlyStart = customer.type === 'consumer' && request.consents.earlyStart;
  const sepa = request.paymentMethod === 'sepa';
  const { dueNow } = priced.schedule;
  const { rows } = await tx.query<{ id: number; order_number: string }>(
    `INSERT INTO orders (
       idempotency_key_hash, request_hash, user_id, customer_type, company, vat_id, name, street, postal_code, city, country,
       email, payment_method, payment_status, iban, total_cents, net_cents, vat_cents, agb_accepted_at,
       early_start_requested_at, withdrawal_waiver_at, sepa_mandate_at, created_at, price_basis, schedule, agb_version, services_start_on)
     -- A guest order under an address an account has verified belongs to that account (issue 19).
     VALUES ($1, $2, coalesce($3, (SELECT id FROM users WHERE lower(email) = lower($12) AND email_verified_at IS NOT NULL)),
             $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $19, $23, $24, $25, $26)
     ON CONFLICT (idempotency_key_hash) DO NOTHING
     RETURNING id, order_number`,
    [
      keyHash,
      requestHash,
      input.userId,
      customer.type,
      customer.type === 'business' ? customer.company : null,
      customer.type === 'business' && customer.vatId ? customer.vatId : null,
      customer.name,
      customer.street,
      customer.postalCode,
      customer.city,
      customer.country,
      customer.email,
      request.paymentMethod,
      // PayPal is paid by the customer after the order: nothing has been received yet.
      request.paymentMethod === 'paypal' ? 'awaiting_payment' : 'open',
      sepa ? request.iban : null,
      dueNow.grossCents,
      dueNow.netCents,
      dueNow.vatCents,
      now,
      earlyStart ? now : null,
      earlyStart ? now : null,
      sepa ? now : null,
      priced.basis,
      JSON.stringify(priced.schedule),
      input.agbVersion,
      startsOn,
    ],
  );
  const row = rows[0];
  return row ? { id: row.id, orderNumber: row.order_number } : undefined;
}

/**
 * Every line, and a contract for each recurring one, in one statement (a round trip per line
 * would add up on Neon). Contracts start with the services (`startsOn`). Answers the contracts
 * with the numbers the database gave them.
 */
async function insertLines(tx: Transaction, orderId: number, input: PlaceOrderInput, priced: PricedCart, startsOn: IsoDay): Promise<ConfirmedContract[]> {
  const { customer } = input.request;
  const lines = priced.lines.map((line, index) => {
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
      vatPercent: entry.vatPercent,
      quantity: line.quantity,
      lineCents: line.paymentCents,
      minimumMonths: term?.minimumMonths ?? null,
      billingMonths: term?.billingMonths ?? null,
      noticeDays: term?.noticeDays ?? null,
    };
  });
  const column = <K extends keyof (typeof lines)[number]>(key: K) => lines.map((line) => line[key]);
  const { rows } = await tx.query<{ contract_number: string; order_position: number; starts_on: string }>(
    `WITH lines AS (
       INSERT INTO order_lines (order_id, position, product_id, name, unit, term, minimum_term, unit_cents, unit_net_cents, vat_percent,
                                quantity, line_cents, minimum_months, billing_months, notice_days)
       SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::int[], $9::int[], $10::smallint[],
                                $11::int[], $12::int[], $13::smallint[], $14::smallint[], $15::smallint[])
       RETURNING order_id, position, product_id, name, quantity, line_cents, vat_percent, minimum_months, billing_months, notice_days)
     INSERT INTO contracts (order_id, order_position, user_id, customer_type, email, product_id, name, quantity, price_basis,
                            period_cents, vat_percent, billing_months, minimum_months, notice_days, starts_on)
     SELECT order_id, position, coalesce($16::uuid, (SELECT user_id FROM orders WHERE id = $1)), $17, $18, product_id, name, quantity, $19,
            line_cents, vat_percent, billing_months, minimum_months,
            notice_days, $20::date
     FROM lines WHERE billing_months IS NOT NULL
     RETURNING contract_number, order_position, to_char(starts_on, 'YYYY-MM-DD') AS starts_on`,
    [
      orderId,
      column('position'),
      column('productId'),
      column('name'),
      column('unit'),
      column('term'),
      column('minimumTerm'),
      column('unitCents'),
      column('unitNetCents'),
      column('vatPercent'),
      column('quantity'),
      column('lineCents'),
      column('minimumMonths'),
      column('billingMonths'),
      column('noticeDays'),
      input.userId,
      customer.type,
      customer.email,
      priced.basis,
      startsOn,
    ],
  );
  return rows
    .map((row) => ({ contractNumber: row.contract_number, position: row.order_position, startsOn: row.starts_on }))
    .sort((a, b) => a.position - b.position);
}

async function earlierOrder(tx: Transaction, keyHash: string, requestHash: string): Promise<PlacedOrder> {
  const { rows } = await tx.query<{ order_number: string; schedule: Schedule; request_hash: string; services_start_on: string; confirmation_mailed: boolean }>(
    `SELECT order_number, schedule, request_hash, to_char(services_start_on, 'YYYY-MM-DD') AS services_start_on, confirmation_mailed
     FROM orders WHERE idempotency_key_hash = $1`,
    [keyHash],
  );
  const row = rows[0]!;
  if (row.request_hash !== requestHash) throw new HttpError(422, orderPlacementMessages.keyReused);
  return {
    created: false,
    orderNumber: row.order_number,
    schedule: row.schedule,
    servicesStartOn: row.services_start_on,
    confirmationMailed: row.confirmation_mailed,
    mailIds: [],
  };
}
