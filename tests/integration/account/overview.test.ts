import { describe, expect, it } from 'vitest';
import overview from '../../../netlify/functions/account-overview.mts';
import confirm from '../../../netlify/functions/auth-confirm-email.mts';
import { earliestEnd, periodEnd } from '../../../src/lib/contracts/ends.ts';
import type { AccountOverview } from '../../../src/lib/contracts/overview.ts';
import { todayIso } from '../../../src/lib/forms/dates.ts';
import { authMessages } from '../../../src/lib/schemas/auth.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { acceptanceDeadline } from '../../../src/lib/orders/acceptance.ts';
import { orderStatusText } from '../../../src/lib/orders/status.ts';
import orders from '../../../netlify/functions/orders.mts';
import { agb } from '../../../src/data/agb.ts';
import { placeOrder } from '../auth/guest-orders.ts';
import { accepted, decide } from '../orders/decisions.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';
import { confirmationToken, loggedIn, post, primed } from '../auth/helpers.ts';
import type { Visitor } from '../http/visitor.ts';

/** Issue 19: GET /api/account/overview, the data of the customer area (docs/decisions/0030). */

async function overviewOf(visitor: Visitor): Promise<AccountOverview> {
  const response = await visitor.call(overview, '/api/account/overview');
  expect(response.status).toBe(200);
  return (await response.json()) as AccountOverview;
}

const uniqueEmail = (label: string) => `overview-${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`;

async function setEndsOn(contractNumber: string, endsOn: string): Promise<void> {
  await (await getDb()).query('UPDATE contracts SET ends_on = $2 WHERE contract_number = $1', [contractNumber, endsOn]);
}

describe('GET /api/account/overview', () => {
  it('answers 401 without a session', async () => {
    const response = await (await primed()).call(overview, '/api/account/overview');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: authMessages.notLoggedIn });
  });

  it("shows a customer their own order with its confirmation PDF and its running contract's terms and next possible end", async () => {
    const { visitor } = await loggedIn();
    const orderNumber = await placeOrder(uniqueEmail('own'), visitor);

    const response = await visitor.call(overview, '/api/account/overview');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = (await response.json()) as AccountOverview;

    const today = todayIso();
    expect(answer.today).toBe(today);
    expect(answer.customerNumber).toMatch(/^K-\d{6,}$/);
    expect(answer.emailVerified).toBe(false);
    const timestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(answer.orders).toEqual([
      {
        orderNumber,
        orderedAt: timestamp,
        customerType: 'consumer',
        hasConfirmation: true,
        withdrawal: null,
        // Accepted with its confirmation (decision 0053): nothing in it needs review.
        status: 'accepted',
        acceptanceDeadline: null,
        acceptedAt: answer.orders[0]!.orderedAt,
        decidedAt: null,
        rejectionReason: null,
      },
    ]);
    expect(Date.now() - Date.parse(answer.orders[0]!.orderedAt)).toBeLessThan(5 * 60_000);
    // The one-off backup of the order makes no contract; the 6-month package does.
    expect(answer.contracts).toEqual([
      {
        contractNumber: expect.stringMatching(/^V-\d{6,}$/),
        orderNumber,
        name: 'Webapp Basis (6 Monate)',
        quantity: 1,
        // 90,00 € a month, paid for 6 months in advance, gross for a consumer.
        periodCents: 54000,
        priceBasis: 'gross',
        vatPercent: 19,
        billingMonths: 6,
        minimumMonths: 6,
        noticeDays: 10,
        startsOn: today,
        minimumTermEnd: periodEnd(today, 6),
        status: 'running',
        endsOn: null,
        pendingCancellation: null,
        nextPossibleEnd: earliestEnd({ startsOn: today, minimumMonths: 6, noticeDays: 10, customerType: 'consumer' }, today),
      },
    ]);
  });

  it('shows an order we review as in review with its deadline and no contract, then its acceptance or its rejection with the reason', async () => {
    const { visitor, account } = await loggedIn();
    const place = async () => {
      const response = await visitor.call(orders, '/api/orders', {
        method: 'POST',
        json: withProofOfWork({
          items: [{ id: 'webapp-basis-6m', quantity: 1 }, { id: 'domain-de:kundenbereich-test', quantity: 1 }],
          customer: { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email: account.email },
          paymentMethod: 'invoice',
          consents: { agb: true, agbVersion: agb.version, earlyStart: true, waiverAcknowledged: true },
        }),
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { orderId: string }).orderId;
    };
    const first = await place();
    const second = await place();
    const deadline = acceptanceDeadline(todayIso());

    const received = await overviewOf(visitor);
    expect(received.orders.map(({ orderNumber, status, acceptanceDeadline: until, hasConfirmation }) => ({ orderNumber, status, until, hasConfirmation }))).toEqual([
      { orderNumber: second, status: 'received', until: deadline, hasConfirmation: false },
      { orderNumber: first, status: 'received', until: deadline, hasConfirmation: false },
    ]);
    expect(orderStatusText(received.orders[0]!)).toBe(`in Prüfung – Annahme bis ${deadline.split('-').reverse().join('.')}`);
    expect(received.contracts).toEqual([]);
    expect(received.invoices).toEqual([]);

    await accepted(first);
    expect((await decide(second, { action: 'rejectOrder', reason: 'Die Domain ist bereits vergeben.' })).status).toBe(200);
    const decided = await overviewOf(visitor);
    const [rejected, acceptedOrder] = decided.orders;
    expect(acceptedOrder).toMatchObject({ orderNumber: first, status: 'accepted', hasConfirmation: true, acceptedAt: expect.any(String) });
    expect(rejected).toMatchObject({ orderNumber: second, status: 'rejected', hasConfirmation: false, rejectionReason: 'Die Domain ist bereits vergeben.' });
    expect(orderStatusText(rejected!)).toMatch(/^abgelehnt am \d{2}\.\d{2}\.\d{4}: Die Domain ist bereits vergeben\.$/);
    expect(decided.contracts.map((contract) => [contract.orderNumber, contract.startsOn])).toEqual([
      [first, todayIso()],
      [first, todayIso()],
    ]);
    expect(decided.invoices.map((invoice) => invoice.orderNumber)).toEqual([first]);
  });

  it('shows a cancelled contract with its end and no next possible end, and an ended one as ended', async () => {
    const { visitor } = await loggedIn();
    await placeOrder(uniqueEmail('cancelled'), visitor);
    await placeOrder(uniqueEmail('ended'), visitor);
    const [newer, older] = (await overviewOf(visitor)).contracts;
    await setEndsOn(newer!.contractNumber, '2999-12-31');
    await setEndsOn(older!.contractNumber, '2020-01-31');

    const { contracts } = await overviewOf(visitor);
    expect(contracts.map(({ contractNumber, status, endsOn, nextPossibleEnd }) => ({ contractNumber, status, endsOn, nextPossibleEnd }))).toEqual([
      { contractNumber: newer!.contractNumber, status: 'cancelled', endsOn: '2999-12-31', nextPossibleEnd: null },
      { contractNumber: older!.contractNumber, status: 'ended', endsOn: '2020-01-31', nextPossibleEnd: null },
    ]);
  });

  it("shows another customer none of them", async () => {
    const { visitor: owner } = await loggedIn();
    await placeOrder(uniqueEmail('owner'), owner);
    expect((await overviewOf(owner)).contracts).toHaveLength(1);

    const { visitor: stranger } = await loggedIn();
    expect(await overviewOf(stranger)).toMatchObject({ orders: [], contracts: [] });
  });

  it('shows an unverified account no guest order under its address, and the order once the address is confirmed', async () => {
    const { visitor, account } = await loggedIn();
    const orderNumber = await placeOrder(account.email);

    expect(await overviewOf(visitor)).toMatchObject({ emailVerified: false, orders: [], contracts: [] });

    expect((await post(await primed(), confirm, '/api/auth/confirm-email', { token: await confirmationToken(account.email) })).status).toBe(200);
    const confirmed = await overviewOf(visitor);
    expect(confirmed.emailVerified).toBe(true);
    expect(confirmed.orders.map((order) => order.orderNumber)).toEqual([orderNumber]);
    expect(confirmed.contracts.map((contract) => contract.orderNumber)).toEqual([orderNumber]);
  });
});
