import { randomBytes } from 'node:crypto';
import { addDays } from '../../src/lib/contracts/ends.ts';
import { orderNumberFrom } from '../../src/lib/orders/order-number.ts';
import { todayIso } from '../../src/lib/forms/dates.ts';
import type { Queryable } from '../../src/server/db/index.ts';

/**
 * Issued invoices for the tests of what comes after issuing (the agents' list, payments, reminders,
 * SEPA files), written straight into the tables of migration 0025 as the issuing code stores them:
 * the number from the gap-free counter, the buyer as JSON, the PDF (and for an XRechnung the XML)
 * in invoice_documents. Lines are left out: nothing after issuing reads them.
 */

export interface FixtureOrder {
  id: number;
  orderNumber: string;
  mandateReference: string | null;
  email: string;
  name: string;
}

export interface FixtureInvoice {
  id: number;
  number: string;
  order: FixtureOrder;
  grossCents: number;
  mandateReference: string | null;
}

const AMOUNT = { grossCents: 11900, netCents: 10000, vatCents: 1900, byRate: [{ percent: 19, netCents: 10000, vatCents: 1900 }] };
const SCHEDULE = { dueNow: AMOUNT, recurring: [] };

/** A fixture IBAN that passes the check (the well-known example account of the Commerzbank). */
export const FIXTURE_IBAN = 'DE02120300000000202051';

/** A fresh address per call, so tests sharing a real database find their own rows by it. */
export const fixtureEmail = (prefix = 'rechnung') => `${prefix}.${Math.random().toString(36).slice(2, 10)}@example.test`;

/** A consumer order; with `sepa` it carries the IBAN and the mandate (given at `mandateAt`). */
export async function fixtureOrder(
  db: Queryable,
  options: { paymentMethod?: 'invoice' | 'sepa' | 'paypal'; email?: string; name?: string; iban?: string; mandateAt?: Date } = {},
): Promise<FixtureOrder> {
  const paymentMethod = options.paymentMethod ?? 'invoice';
  const sepa = paymentMethod === 'sepa';
  const email = options.email ?? fixtureEmail();
  const name = options.name ?? 'Erika Mustermann';
  const { rows } = await db.query<{ id: number; order_number: string; mandate_reference: string | null }>(
    `INSERT INTO orders (order_number, idempotency_key_hash, request_hash, customer_type, name, street, postal_code, city, country, email,
       payment_method, iban, sepa_mandate_at, total_cents, net_cents, vat_cents, agb_accepted_at, price_basis, agb_version, schedule)
     VALUES ($8, $1, 'r', 'consumer', $2, 'Heidestraße 17', '51147', 'Köln', 'Deutschland', $3, $4, $5, $6, 11900, 10000, 1900, now(),
             'gross', '2026-11-24/0123456789ab', $7::jsonb)
     RETURNING id, order_number, mandate_reference`,
    [
      crypto.randomUUID(),
      name,
      email,
      paymentMethod,
      sepa ? (options.iban ?? FIXTURE_IBAN) : null,
      sepa ? (options.mandateAt ?? new Date()) : null,
      JSON.stringify(SCHEDULE),
      orderNumberFrom(randomBytes(11)),
    ],
  );
  const row = rows[0]!;
  return { id: Number(row.id), orderNumber: row.order_number, mandateReference: row.mandate_reference, email, name };
}

export interface InvoiceOptions {
  /** 'sepa' needs an order with a mandate (fixtureOrder with paymentMethod 'sepa'). */
  paymentMethod?: 'transfer' | 'sepa' | 'paypal';
  grossCents?: number;
  issuedOn?: string;
  dueOn?: string;
  /** For SEPA: the day the pre-notification names (default: the due day). */
  debitOn?: string;
  /** An XRechnung: the XML is stored beside the PDF. */
  xml?: boolean;
  company?: string | null;
}

async function nextNumber(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ n: number }>('UPDATE invoice_counter SET last_number = last_number + 1 RETURNING last_number::int AS n');
  return `RE-${String(rows[0]!.n).padStart(6, '0')}`;
}

async function insertInvoice(
  db: Queryable,
  order: FixtureOrder,
  fields: { kind: 'invoice' | 'cancellation'; cancelsId: number | null; grossCents: number; issuedOn: string; dueOn: string; paymentMethod: string; debitOn: string | null; xml: boolean; company: string | null },
): Promise<FixtureInvoice> {
  const number = await nextNumber(db);
  const sepa = fields.paymentMethod === 'sepa';
  const vat = Math.round((fields.grossCents * 19) / 119);
  const buyer = {
    name: order.name,
    company: fields.company,
    street: 'Heidestraße 17',
    postalCode: '51147',
    city: 'Köln',
    country: 'Deutschland',
    email: order.email,
    vatId: null,
    leitwegId: null,
    customerNumber: null,
  };
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO invoices (invoice_number, kind, cancels_id, order_id, issued_on, due_on, service_start, service_end, customer_type, price_basis, buyer,
       payment_method, mandate_reference, debit_on, format, net_cents, vat_cents, gross_cents, by_rate)
     VALUES ($1, $2, $3, $4, $5::date, $6::date, $5::date, $5::date, 'consumer', 'gross', $7::jsonb, $8, $9, $10::date, $11, $12, $13, $14, $15::jsonb)
     RETURNING id`,
    [
      number,
      fields.kind,
      fields.cancelsId,
      order.id,
      fields.issuedOn,
      fields.dueOn,
      JSON.stringify(buyer),
      fields.paymentMethod,
      sepa ? order.mandateReference : null,
      sepa ? fields.debitOn : null,
      fields.xml ? 'xrechnung-cii' : 'pdf',
      fields.grossCents - vat,
      vat,
      fields.grossCents,
      JSON.stringify([{ percent: 19, netCents: fields.grossCents - vat, vatCents: vat }]),
    ],
  );
  const id = Number(rows[0]!.id);
  const pdf = new TextEncoder().encode(`%PDF-1.7\n% ${number}\n%%EOF\n`);
  await db.query("INSERT INTO invoice_documents (invoice_id, kind, file_name, content_type, content) VALUES ($1, 'pdf', $2, 'application/pdf', $3)", [
    id,
    `Rechnung-${number}.pdf`,
    pdf,
  ]);
  if (fields.xml) {
    const xml = new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice><ID>${number}</ID></rsm:CrossIndustryInvoice>`);
    await db.query("INSERT INTO invoice_documents (invoice_id, kind, file_name, content_type, content) VALUES ($1, 'xml', $2, 'application/xml', $3)", [
      id,
      `XRechnung-${number}.xml`,
      xml,
    ]);
  }
  return { id, number, order, grossCents: fields.grossCents, mandateReference: sepa ? order.mandateReference : null };
}

/** An invoice of the order, issued on `issuedOn` (default today in Germany) and due 10 days later. */
export async function fixtureInvoice(db: Queryable, order: FixtureOrder, options: InvoiceOptions = {}): Promise<FixtureInvoice> {
  const issuedOn = options.issuedOn ?? todayIso();
  const dueOn = options.dueOn ?? addDays(issuedOn, 10);
  const paymentMethod = options.paymentMethod ?? (order.mandateReference ? 'sepa' : 'transfer');
  return insertInvoice(db, order, {
    kind: 'invoice',
    cancelsId: null,
    grossCents: options.grossCents ?? 11900,
    issuedOn,
    dueOn,
    paymentMethod,
    debitOn: paymentMethod === 'sepa' ? (options.debitOn ?? dueOn) : null,
    xml: options.xml ?? false,
    company: options.company ?? null,
  });
}

/** A cancellation invoice that refunds `grossCents` (default: all) of the invoice. */
export async function fixtureCancellation(db: Queryable, invoice: FixtureInvoice, grossCents = invoice.grossCents, issuedOn?: string): Promise<FixtureInvoice> {
  const day = issuedOn ?? todayIso();
  return insertInvoice(db, invoice.order, {
    kind: 'cancellation',
    cancelsId: invoice.id,
    grossCents,
    issuedOn: day,
    dueOn: addDays(day, 10),
    paymentMethod: 'transfer',
    debitOn: null,
    xml: false,
    company: null,
  });
}
