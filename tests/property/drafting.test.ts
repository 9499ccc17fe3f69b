import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billingPeriod, daysBetween } from '../../src/features/billing/billing.ts';
import {
  creditDue,
  invoicesDue,
  type ContractToBill,
  type InvoiceDraft,
  type InvoicedOrder,
  type InvoiceToCredit,
  type OnceLine,
  type OrderToBill,
} from '../../src/features/billing/drafting.ts';
import { PAYMENT_DAYS, SEPA_MINIMUM_CENTS } from '../../src/features/billing/terms.ts';
import { addDays, type IsoDay } from '../../src/lib/contracts/ends.ts';
import { grossToNet } from '../../src/lib/money.ts';

/**
 * Properties of drafting invoices and cancellation invoices (issue 34, src/features/billing/drafting.ts)
 * over generated orders and days. The integration tests walk a few orders through the database;
 * these walk thousands through the pure rules, so the corners (a business net that does not divide
 * by the quantity, a contract that ends before its first period, a SEPA invoice one cent below the
 * minimum) come up without anyone having to think of them.
 */

const BASE = '2026-01-01';
/** Days over three years, so yearly contracts see several periods and monthly ones month ends of every length. */
const dayAfterBase = (max: number) => fc.integer({ min: 0, max }).map((offset) => addDays(BASE, offset));
const billingDay = dayAfterBase(1100);

type Basis = { customerType: 'consumer'; priceBasis: 'gross'; taxCase: 'domestic' } | { customerType: 'business'; priceBasis: 'net'; taxCase: 'domestic' | 'reverse-charge' };
const basis: fc.Arbitrary<Basis> = fc.constantFrom<Basis>(
  { customerType: 'consumer', priceBasis: 'gross', taxCase: 'domestic' },
  { customerType: 'business', priceBasis: 'net', taxCase: 'domestic' },
  { customerType: 'business', priceBasis: 'net', taxCase: 'reverse-charge' },
);

/**
 * A line's figures as the checkout stores them (decision 0059): the gross of the units is the
 * figure of record, a business line its net part; without German VAT the net part of the
 * catalogue's gross is charged alone at 0 %. Unit prices include the SEPA minimum's neighbours,
 * so invoices land on both sides of it.
 */
function lineFigures(of: Basis) {
  const unitGross = fc.oneof(fc.constantFrom(1, 999, 1000, 1001, 2000, 21_300), fc.integer({ min: 1, max: 60_000 }));
  return fc.record({ unitGross, quantity: fc.integer({ min: 1, max: 20 }), rate: fc.constantFrom(19, 7) }).map(({ unitGross, quantity, rate }) => {
    const gross = unitGross * quantity;
    if (of.taxCase === 'reverse-charge') {
      const net = grossToNet(gross, rate);
      return { quantity, cents: net, grossCents: net, vatPercent: 0 };
    }
    return { quantity, cents: of.priceBasis === 'gross' ? gross : grossToNet(gross, rate), grossCents: gross, vatPercent: rate };
  });
}

type Item = { kind: 'once'; line: Omit<OnceLine, 'position'> } | { kind: 'contract'; contract: Omit<ContractToBill, 'position' | 'id' | 'number'> };

function item(of: Basis): fc.Arbitrary<Item> {
  const once = fc.record({ figures: lineFigures(of), unit: fc.constantFrom('once', 'hour', 'piece'), name: fc.constantFrom('Einrichtung', 'Stunde') }).map(
    ({ figures, unit, name }): Item => ({
      kind: 'once',
      line: { name, unit, quantity: figures.quantity, lineCents: figures.cents, lineGrossCents: figures.grossCents, vatPercent: figures.vatPercent },
    }),
  );
  const contract = fc
    .record({
      figures: lineFigures(of),
      billingMonths: fc.constantFrom(1, 3, 6, 12),
      startsOn: dayAfterBase(400),
      // Some contracts end (a cancellation, a withdrawal, even before they began), most run on.
      endsAfter: fc.option(fc.integer({ min: -40, max: 900 }), { nil: null, freq: 2 }),
      billedBefore: fc.integer({ min: 0, max: 3 }),
    })
    .map(({ figures, billingMonths, startsOn, endsAfter, billedBefore }): Item => {
      const terms = { startsOn, billingMonths, endsOn: endsAfter === null ? null : addDays(startsOn, endsAfter) };
      return {
        kind: 'contract',
        contract: {
          ...terms,
          name: 'Webapp Business',
          quantity: figures.quantity,
          periodCents: figures.cents,
          periodGrossCents: figures.grossCents,
          vatPercent: figures.vatPercent,
          // The first periods may have been invoiced by an earlier run.
          billed: Array.from({ length: billedBefore }, (_, index) => billingPeriod(terms, index).start),
        },
      };
    });
  return fc.oneof(once, contract);
}

const orderToBill: fc.Arbitrary<OrderToBill> = basis.chain((of) =>
  fc
    .record({
      items: fc.array(item(of), { minLength: 1, maxLength: 5 }),
      servicesStartOn: dayAfterBase(400),
      paymentMethod: fc.constantFrom('invoice' as const, 'sepa' as const, 'paypal' as const),
      iban: fc.option(fc.constant('DE02120300000000202051'), { nil: null }),
      mandateReference: fc.option(fc.constant('KW-000001-1'), { nil: null }),
      billedFrom: fc.option(dayAfterBase(600), { nil: null, freq: 4 }),
      onceBilled: fc.boolean(),
    })
    .map(({ items, servicesStartOn, paymentMethod, iban, mandateReference, billedFrom, onceBilled }): OrderToBill => {
      const order: InvoicedOrder = { id: 1, orderNumber: 'KW-000001', ...of, format: 'pdf', servicesStartOn };
      // Order lines and contracts share the order's positions.
      const onceLines = items.flatMap((entry, index) => (entry.kind === 'once' ? [{ ...entry.line, position: index + 1 }] : []));
      const contracts = items.flatMap((entry, index) =>
        entry.kind === 'contract' ? [{ ...entry.contract, position: index + 1, id: 100 + index, number: `V-${String(100 + index).padStart(6, '0')}` }] : [],
      );
      const buyer = { name: 'Erika Mustermann', company: of.customerType === 'business' ? 'Muster GmbH' : null, street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email: 'erika@example.test', vatId: null, leitwegId: null, customerNumber: null };
      return { order, buyer, paymentMethod, iban, mandateReference, billedFrom, onceBilled, onceLines, contracts };
    }),
);

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The totals a draft must carry, worked out from its lines alone. */
function expectTotalsOfItsLines(draft: InvoiceDraft): void {
  const { lines, totals, priceBasis } = draft.invoice;
  expect(lines.map((line) => line.position)).toEqual(lines.map((_, index) => index + 1));
  for (const line of lines) {
    expect(line.quantity * line.unitCents).toBe(line.lineCents);
    if (priceBasis === 'gross') expect(line.lineCents).toBe(line.lineGrossCents);
  }
  // The gross is the figure of record for every customer: the invoice's gross is its lines' gross.
  expect(totals.grossCents).toBe(sum(lines.map((line) => line.lineGrossCents)));
  expect(totals.netCents + totals.vatCents).toBe(totals.grossCents);
  expect(totals.byRate.map((share) => share.percent).sort()).toEqual([...new Set(lines.map((line) => line.vatPercent))].sort());
  for (const share of totals.byRate) {
    const atRate = lines.filter((line) => line.vatPercent === share.percent);
    // A business invoice lists net lines: per rate, their sum is the net (EN 16931 BR-CO-10).
    if (priceBasis === 'net') expect(share.netCents).toBe(sum(atRate.map((line) => line.lineCents)));
    expect(share.netCents + share.vatCents).toBe(sum(atRate.map((line) => line.lineGrossCents)));
  }
}

/** The order as the next run reads it once the drafts are issued. */
function issued(order: OrderToBill, drafts: readonly InvoiceDraft[]): OrderToBill {
  const keys = drafts.flatMap((draft) => draft.keys);
  return {
    ...order,
    onceBilled: order.onceBilled || keys.some((key) => key.contractId === null),
    contracts: order.contracts.map((contract) => ({
      ...contract,
      billed: [...contract.billed, ...keys.filter((key) => key.contractId === contract.id).map((key) => key.periodStart!)],
    })),
  };
}

/** Every period of a contract up to a day past everything generated. */
function periodsOf(contract: ContractToBill) {
  const periods = [];
  for (let index = 0; ; index += 1) {
    const period = billingPeriod(contract, index);
    if (period.start > '2030-12-31') return periods;
    periods.push(period);
  }
}

/**
 * An issued invoice of a draft, and the contracts ending on the generated days: what the refund
 * query hands over (it hands over more lines than are owed a refund; drafting sorts them out).
 */
function invoiceOf(order: OrderToBill, draft: InvoiceDraft, endsOn: ReadonlyMap<number, IsoDay | null>): InvoiceToCredit {
  const { invoice } = draft;
  return {
    invoiceId: 7,
    number: 'RE-000007',
    issuedOn: invoice.issuedOn,
    order: order.order,
    buyer: invoice.buyer,
    paymentMethod: invoice.payment.method,
    iban: order.iban,
    mandateReference: order.mandateReference,
    lines: invoice.lines.map((line, index) => {
      const { contractId } = draft.keys[index]!;
      return { ...line, contractId, contractEndsOn: contractId === null ? null : (endsOn.get(contractId) ?? null) };
    }),
  };
}

/** An order's first drafts, and for each contract the day it ends (around its drafted periods). */
const billedOrder = orderToBill.chain((order) =>
  fc
    .record({
      day: billingDay,
      ends: fc.array(fc.option(fc.integer({ min: -60, max: 400 }), { nil: null, freq: 4 }), { minLength: order.contracts.length, maxLength: order.contracts.length }),
      creditDay: fc.integer({ min: 0, max: 400 }),
    })
    .map(({ day, ends, creditDay }) => ({
      order,
      day,
      creditDay: addDays(day, creditDay),
      endsOn: new Map(order.contracts.map((contract, index) => [contract.id, ends[index] === null ? null : addDays(contract.startsOn, ends[index]!)])),
    })),
);

describe('drafting invoices', () => {
  it('totals every draft from its lines: the gross is the lines’ gross, a business’s net per rate its net lines, quantity × unit price each line', () => {
    fc.assert(
      fc.property(orderToBill, billingDay, (order, day) => {
        for (const draft of invoicesDue(order, day)) expectTotalsOfItsLines(draft);
      }),
    );
  });

  it('drafts each period once, none before its contract starts or after it ends, none not yet begun but the first', () => {
    fc.assert(
      fc.property(orderToBill, billingDay, (order, day) => {
        const drafts = invoicesDue(order, day);
        const keys = drafts.flatMap((draft) => draft.keys);
        const lines = drafts.flatMap((draft) => draft.invoice.lines);
        for (const contract of order.contracts) {
          const starts = keys.filter((key) => key.contractId === contract.id).map((key) => key.periodStart!);
          expect(new Set(starts).size).toBe(starts.length);
          expect(starts.filter((start) => contract.billed.includes(start))).toEqual([]);
          const all = periodsOf(contract);
          for (const line of lines.filter((entry) => entry.contractNumber === contract.number)) {
            const period = all.find((candidate) => candidate.start === line.period!.start);
            expect(period).toBeDefined();
            expect(line.period!.end).toBe(period!.end);
            expect(period!.start >= contract.startsOn).toBe(true);
            if (contract.endsOn !== null) expect(period!.start <= contract.endsOn).toBe(true);
            if (period!.index > 0) expect(period!.start <= day).toBe(true);
            if (order.billedFrom !== null) expect(period!.start >= order.billedFrom).toBe(true);
          }
        }
        // One-off lines are billed once, with the first invoice, and only by the run.
        const onceKeys = keys.filter((key) => key.contractId === null);
        if (order.onceBilled || order.billedFrom !== null) expect(onceKeys).toEqual([]);
        else expect(onceKeys.map((key) => key.orderPosition)).toEqual(order.onceLines.map((line) => line.position));
      }),
    );
  });

  it('drafts nothing new once its drafts are issued, on the same day or any later day before the next period begins', () => {
    fc.assert(
      fc.property(orderToBill, billingDay, (order, day) => {
        const after = issued(order, invoicesDue(order, day));
        expect(invoicesDue(after, day)).toEqual([]);
        // On a later day only periods that began since then are new.
        const later = addDays(day, 45);
        for (const key of invoicesDue(after, later).flatMap((draft) => draft.keys)) {
          expect(key.contractId).not.toBeNull();
          expect(key.periodStart! > day).toBe(true);
          expect(key.periodStart! <= later).toBe(true);
        }
      }),
    );
  });

  it('debits by SEPA only from the minimum on with an IBAN and a mandate, due and debited PAYMENT_DAYS after the day', () => {
    fc.assert(
      fc.property(orderToBill, billingDay, (order, day) => {
        for (const { invoice } of invoicesDue(order, day)) {
          const dueOn = addDays(day, PAYMENT_DAYS);
          expect(invoice.issuedOn).toBe(day);
          expect(invoice.dueOn).toBe(dueOn);
          const debits = order.paymentMethod === 'sepa' && invoice.totals.grossCents >= SEPA_MINIMUM_CENTS && order.iban !== null && order.mandateReference !== null;
          if (debits) expect(invoice.payment).toEqual({ method: 'sepa', iban: order.iban, mandateReference: order.mandateReference, debitOn: dueOn });
          else expect(invoice.payment.method).toBe(order.paymentMethod === 'paypal' ? 'paypal' : 'transfer');
        }
      }),
    );
  });
});

describe('drafting cancellation invoices', () => {
  it('refunds a line at most its gross: all of a one-off line or a period its contract never reached, the unused days of one it ended in', () => {
    fc.assert(
      fc.property(billedOrder, ({ order, day, creditDay, endsOn }) => {
        for (const draft of invoicesDue(order, day)) {
          const invoice = invoiceOf(order, draft, endsOn);
          const credit = creditDue(invoice, creditDay);
          const owed = invoice.lines.filter((line) => line.period === null || (line.contractEndsOn !== null && line.contractEndsOn < line.period.end));
          if (owed.length === 0) {
            expect(credit).toBeNull();
            continue;
          }
          expect(credit).not.toBeNull();
          expectTotalsOfItsLines(credit!);
          expect(credit!.cancelsId).toBe(invoice.invoiceId);
          expect(credit!.invoice.cancels).toEqual({ number: invoice.number, issuedOn: invoice.issuedOn });
          expect(credit!.invoice.totals.grossCents).toBeLessThanOrEqual(draft.invoice.totals.grossCents);
          expect(credit!.keys).toEqual(owed.map((line) => ({ orderPosition: line.orderPosition, contractId: line.contractId, periodStart: line.period?.start ?? null })));
          credit!.invoice.lines.forEach((refund, index) => {
            const line = owed[index]!;
            expect(refund.lineGrossCents).toBeLessThanOrEqual(line.lineGrossCents);
            expect(refund.lineCents).toBeLessThanOrEqual(line.lineCents);
            const whole = line.period === null || line.contractEndsOn! < line.period.start;
            if (whole) {
              // Nothing of it was served: the line comes back as it was billed.
              expect(refund).toEqual({ ...line, position: index + 1, contractId: undefined, contractEndsOn: undefined });
              return;
            }
            const period = line.period!;
            const endsOn = line.contractEndsOn!;
            // The served days and the refunded days are the period, and their cents its gross:
            // each part is its days' share of the gross to within half a cent.
            expect(refund.period).toEqual({ start: addDays(endsOn, 1), end: period.end });
            const days = daysBetween(period.start, period.end);
            const served = daysBetween(period.start, endsOn);
            const refunded = daysBetween(refund.period!.start, refund.period!.end);
            expect(served + refunded).toBe(days);
            const kept = line.lineGrossCents - refund.lineGrossCents;
            expect(kept).toBeGreaterThan(-1);
            expect(Math.abs(2 * days * refund.lineGrossCents - 2 * line.lineGrossCents * refunded)).toBeLessThanOrEqual(days);
            expect(Math.abs(2 * days * kept - 2 * line.lineGrossCents * served)).toBeLessThanOrEqual(days);
            expect(refund.lineCents).toBe(invoice.order.priceBasis === 'net' ? grossToNet(refund.lineGrossCents, line.vatPercent) : refund.lineGrossCents);
          });
        }
      }),
    );
  });

  it('pays a refund back the way the invoice was paid, due PAYMENT_DAYS after the day', () => {
    fc.assert(
      fc.property(billedOrder, ({ order, day, creditDay, endsOn }) => {
        for (const draft of invoicesDue(order, day)) {
          const invoice = invoiceOf(order, draft, endsOn);
          const credit = creditDue(invoice, creditDay);
          if (credit === null) continue;
          const dueOn = addDays(creditDay, PAYMENT_DAYS);
          expect(credit.invoice.dueOn).toBe(dueOn);
          expect(credit.invoice.kind).toBe('cancellation');
          // A refund is not held to the debit minimum: what was debited goes back to the account.
          if (invoice.paymentMethod === 'sepa') expect(credit.invoice.payment).toEqual({ method: 'sepa', iban: order.iban, mandateReference: order.mandateReference, debitOn: dueOn });
          else expect(credit.invoice.payment).toEqual({ method: invoice.paymentMethod });
        }
      }),
    );
  });
});
