import { beforeAll, describe, expect, it } from 'vitest';
import overview from '../../../netlify/functions/account-overview.mts';
import cancellation from '../../../netlify/functions/forms-cancellation.mts';
import cancellationIdentity from '../../../netlify/functions/forms-cancellation-identity.mts';
import withdrawal from '../../../netlify/functions/forms-withdrawal.mts';
import withdrawalIdentity from '../../../netlify/functions/forms-withdrawal-identity.mts';
import withdrawalLink from '../../../netlify/functions/forms-withdrawal-link.mts';
import captchaImage from '../../../netlify/functions/security-captcha-image.mts';
import { periodEnd } from '../../../src/lib/contracts/ends.ts';
import type { AccountOverview } from '../../../src/lib/contracts/overview.ts';
import { germanDate, todayIso } from '../../../src/lib/forms/dates.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { env } from '../../../src/server/env.ts';
import { issueDueInvoices } from '../../../src/features/billing/server/issue.ts';
import { deliverMail } from '../../../src/server/mail/index.ts';
import { captchaAnswer } from '../../../src/server/security/captcha.ts';
import { inboxAction, type InboxItem } from '../agent/helpers.ts';
import { placeOrder } from '../auth/guest-orders.ts';
import { loggedIn } from '../auth/helpers.ts';
import { loggedInAgent } from '../chat/helpers.ts';
import { ORIGIN, Visitor } from '../http/visitor.ts';
import { cancellationFields, declarationVisitor, mailsContaining, marker } from './helpers.ts';

/**
 * Issue 33 item 1–3 (docs/decisions/0054-attributable-declarations.md): anyone who knows a
 * customer's address can send a cancellation or a withdrawal – the forms stay public – but it
 * changes the contract, and the billing run issues a Stornorechnung, only once the declaration is
 * attributable to the customer: the link mailed to the address on record, the owner's account,
 * or an agent. Each is applied once, however often it is confirmed or billed.
 */

const today = todayIso();
let agent: Visitor;

beforeAll(async () => {
  await getDb();
  ({ visitor: agent } = await loggedInAgent());
});

/** A consumer's order placed today under `email` (a 6-month package from today and hours), with its first invoice. */
async function customerOrder(email: string, visitor?: Visitor) {
  const orderNumber = await placeOrder(email, visitor);
  const db = await getDb();
  const { rows } = await db.query<{ order_id: string; contract_number: string; name: string }>(
    'SELECT o.id AS order_id, c.contract_number, c.name FROM orders o JOIN contracts c ON c.order_id = o.id WHERE o.order_number = $1',
    [orderNumber],
  );
  const order = { orderNumber, orderId: Number(rows[0]!.order_id), contractNumber: rows[0]!.contract_number, name: rows[0]!.name };
  await billingRun(order.orderId);
  return order;
}

/** The day's billing run for one order, its mails delivered: the invoices it issued. */
async function billingRun(orderId: number, on = today): Promise<number> {
  const db = await getDb();
  const report = await issueDueInvoices(db, { on, origin: ORIGIN, orderId });
  await deliverMail(db, report.mailIds);
  return report.issued.length;
}

async function invoiceKinds(orderId: number): Promise<string[]> {
  const { rows } = await (await getDb()).query<{ kind: string }>('SELECT kind FROM invoices WHERE order_id = $1 ORDER BY id', [orderId]);
  return rows.map((row) => row.kind);
}

async function contractEnd(contractNumber: string): Promise<string | null> {
  const { rows } = await (await getDb()).query<{ ends_on: string | null }>("SELECT to_char(ends_on, 'YYYY-MM-DD') AS ends_on FROM contracts WHERE contract_number = $1", [
    contractNumber,
  ]);
  return rows[0]!.ends_on;
}

const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`;

/** The token of a receipt mail's identity link (cancellation or withdrawal). */
function tokenIn(text: string, path: string): string {
  const match = new RegExp(`${path}/([A-Za-z0-9_-]{43})`).exec(text);
  expect(match, `Bestätigungslink ${path}`).not.toBeNull();
  return match![1]!;
}

/** Somebody who knows the customer's address and what they ordered, using the public form. */
async function strangerCancels(email: string, fields: Record<string, string>) {
  const { visitor, security } = await declarationVisitor();
  const response = await visitor.call(cancellation, '/api/forms/cancellation', { method: 'POST', json: { ...cancellationFields('', email), ...fields, ...security } });
  expect(response.status).toBe(201);
  return { body: await response.text(), visitor };
}

/** A withdrawal through the public form, by a new visitor or the given (e.g. logged-in) one, who answers the captcha. */
async function withdraws(email: string, contract: string, visitor: Visitor = new Visitor()) {
  await visitor.call(captchaImage, '/security/captcha/image.png');
  const captcha = captchaAnswer(env().appSecret, visitor.cookies.get('captcha_id')!, 'image');
  const response = await visitor.call(withdrawal, '/api/forms/withdrawal', { method: 'POST', json: { contract, name: 'Erika Mustermann', email, captcha } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: number; withdrawnOrders: string[] };
}

const confirmCancellation = (token: string) =>
  declarationVisitor().then(({ visitor }) => visitor.call(cancellationIdentity, '/api/forms/cancellation/identity', { method: 'POST', json: { token } }));
const confirmWithdrawal = (token: string) =>
  declarationVisitor().then(({ visitor }) => visitor.call(withdrawalIdentity, '/api/forms/withdrawal/identity', { method: 'POST', json: { token } }));

async function act(type: string, id: number, body: unknown): Promise<Response> {
  return inboxAction(agent, type, id, body);
}

describe("a stranger's ordinary cancellation", () => {
  it('changes nothing and issues nothing; the answer names no contract or end; once the owner confirms the link it ends the contract, once', async () => {
    const email = uniqueEmail('opfer');
    const order = await customerOrder(email);
    const invoicesBefore = await invoiceKinds(order.orderId);
    const end = periodEnd(today, 6); // the end a cancellation received today gives the package

    const note = marker('fremde Kündigung');
    const { body } = await strangerCancels(email, { contract_name: 'Webapp Basis', annotation: note });
    const answer = JSON.parse(body) as { id: number; contract: unknown };
    expect(answer.contract).toBeNull();
    expect(body).not.toContain(order.contractNumber);
    expect(body).not.toContain(order.orderNumber);
    expect(body).not.toContain(end);
    // Nor, of course, the link that would attribute it.
    expect(body).not.toContain('bestaetigen');

    expect(await contractEnd(order.contractNumber)).toBeNull();
    expect(await billingRun(order.orderId)).toBe(0);
    expect(await invoiceKinds(order.orderId)).toEqual(invoicesBefore);

    // Only the mail to the address on record names the contract and its end, with the link.
    const [receipt] = await mailsContaining(note);
    expect(receipt!.recipient).toBe(email);
    expect(receipt!.text_body).toContain(`Betroffener Vertrag: ${order.name} (Vertragsnummer ${order.contractNumber})`);
    expect(receipt!.text_body).toContain(`Vertragsende: ${germanDate(end)} – gilt, sobald die Kündigung bestätigt ist`);
    const token = tokenIn(receipt!.text_body, '/vertraege-kuendigen/bestaetigen');

    const first = await confirmCancellation(token);
    expect(first.status).toBe(200);
    const confirmed = (await first.json()) as { id: number; contract: { contractNumber: string; endsOn: string } };
    expect(confirmed).toMatchObject({ id: answer.id, contract: { contractNumber: order.contractNumber, endsOn: end } });
    expect(await contractEnd(order.contractNumber)).toBe(end);

    const again = await confirmCancellation(token);
    expect(((await again.json()) as { confirmedAt: string }).confirmedAt).toBe((confirmed as unknown as { confirmedAt: string }).confirmedAt);
    const { rows } = await (await getDb()).query<{ attributed_by: string; cancellation_id: string }>(
      'SELECT c.attributed_by, k.cancellation_id FROM cancellations c JOIN contracts k ON k.id = c.contract_id WHERE c.id = $1',
      [answer.id],
    );
    expect(rows[0]).toEqual({ attributed_by: 'identity-link', cancellation_id: expect.anything() });
    expect(Number(rows[0]!.cancellation_id)).toBe(answer.id);
    // The package's first period ends with the minimum term: nothing to refund, twice over.
    expect(await billingRun(order.orderId)).toBe(0);
    expect(await billingRun(order.orderId)).toBe(0);
  });

  it('is answered without JavaScript by a receipt page that names no contract, number or end either', async () => {
    const email = uniqueEmail('ohne-skript');
    const order = await customerOrder(email);
    const { visitor, security } = await declarationVisitor();
    for (const name of [...visitor.cookies.keys()]) if (name !== 'captcha_id') visitor.cookies.delete(name);
    const fields = { ...cancellationFields('Webapp Basis', email), end_of_contract_period_date: '', captcha_kind: 'image', ...security };
    const response = await visitor.call(cancellation, '/api/forms/cancellation', {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(response.status).toBe(201);
    const html = await response.text();
    expect(html).toContain('Den Vertrag ändern wir erst, wenn wir wissen, dass die Kündigung vom Vertragsinhaber stammt');
    expect(html).not.toContain(order.contractNumber);
    expect(html).not.toContain(order.orderNumber);
    expect(html).not.toContain(germanDate(periodEnd(today, 6)));
    expect(html).not.toContain('Der Vertrag endet am');
    expect(await contractEnd(order.contractNumber)).toBeNull();
  });

  it('shows in the owner\'s customer area as awaiting confirmation, then as cancelled', async () => {
    const { visitor, account } = await loggedIn();
    const order = await customerOrder(account.email, visitor);
    const note = marker('Bestätigung ausstehend');
    await strangerCancels(account.email, { contract_name: 'Webapp Basis', annotation: note });
    const contractOf = async () => ((await (await visitor.call(overview, '/api/account/overview')).json()) as AccountOverview).contracts[0]!;
    expect(await contractOf()).toMatchObject({ status: 'running', pendingCancellation: { receivedOn: today, type: 'regular', attributed: false } });

    const [receipt] = await mailsContaining(note);
    await confirmCancellation(tokenIn(receipt!.text_body, '/vertraege-kuendigen/bestaetigen'));
    expect(await contractOf()).toMatchObject({ status: 'cancelled', endsOn: periodEnd(today, 6), pendingCancellation: null });
    expect(order.contractNumber).toBe((await contractOf()).contractNumber);
  });
});

describe("a stranger's extraordinary cancellation", () => {
  it('ends nothing on receipt or on the link; an agent decides end and reason, the decision is mailed, and only then the contract ends and is refunded, once', async () => {
    const email = uniqueEmail('ausserordentlich');
    const order = await customerOrder(email);
    const invoicesBefore = await invoiceKinds(order.orderId);
    const note = marker('außerordentlich');
    const wished = germanDate(periodEnd(today, 1));
    const { body } = await strangerCancels(email, {
      contract_name: 'Webapp Basis',
      type_of_cancellation: 'extraordinary',
      cancellation_reason: 'Dauerhafte Ausfälle',
      end_of_contract_period: 'date',
      end_of_contract_period_date: wished,
      annotation: note,
    });
    const { id } = JSON.parse(body) as { id: number };
    expect(await contractEnd(order.contractNumber)).toBeNull();
    expect(await billingRun(order.orderId)).toBe(0);

    const [receipt] = await mailsContaining(note);
    expect(receipt!.text_body).toContain(`Gewünschtes Vertragsende: ${wished}`);
    expect(receipt!.text_body).not.toContain('Der Vertrag endet am');
    expect(receipt!.text_body).toContain('Vertragsende: Darüber entscheiden wir nach Prüfung Ihres Kündigungsgrundes.');

    // The owner confirms: it is theirs now, but still a request.
    const confirmed = await confirmCancellation(tokenIn(receipt!.text_body, '/vertraege-kuendigen/bestaetigen'));
    expect(((await confirmed.json()) as { contract: { endsOn: string | null } }).contract.endsOn).toBeNull();
    expect(await contractEnd(order.contractNumber)).toBeNull();
    expect(await billingRun(order.orderId)).toBe(0);

    // The ordinary processing is the wrong form for it; a reason is required; the end not before receipt.
    expect((await act('cancellation', id, { action: 'processCancellation', endDate: today })).status).toBe(400);
    const noReason = await act('cancellation', id, { action: 'decideCancellation', endDate: today, reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { errors: Record<string, string> }).errors.reason).toBe(
      'Bitte begründen Sie Ihre Entscheidung; die Begründung geht an den Kunden.',
    );
    const early = await act('cancellation', id, { action: 'decideCancellation', endDate: '2020-01-01', reason: 'Grund liegt vor.' });
    expect(early.status).toBe(400);
    expect(await contractEnd(order.contractNumber)).toBeNull();

    const decided = await act('cancellation', id, { action: 'decideCancellation', endDate: today, reason: 'Die Ausfälle sind ein wichtiger Grund.' });
    expect(decided.status, await decided.clone().text()).toBe(200);
    const item = ((await decided.json()) as { item: InboxItem }).item;
    expect(item.cancellation).toMatchObject({ processed: true, contractEndDate: today, type: 'extraordinary' });
    expect(item.details).toContainEqual({ label: 'Zugeordnet', kind: 'text', value: 'über den Bestätigungslink an die hinterlegte E-Mail-Adresse' });
    expect(await contractEnd(order.contractNumber)).toBe(today);

    const decision = (await mailsContaining('Die Ausfälle sind ein wichtiger Grund.')).filter((mail) => mail.recipient === email);
    expect(decision).toHaveLength(1);
    expect(decision[0]!.subject).toBe(`Entscheidung über Ihre außerordentliche Kündigung (Nr. ${id})`);
    expect(decision[0]!.text_body).toContain(`Vertragsende: ${germanDate(today)}`);

    expect(await billingRun(order.orderId)).toBe(1);
    expect(await billingRun(order.orderId)).toBe(0);
    expect(await invoiceKinds(order.orderId)).toEqual([...invoicesBefore, 'cancellation']);
    expect((await act('cancellation', id, { action: 'decideCancellation', endDate: today, reason: 'Noch einmal.' })).status).toBe(409);
  });
});

describe("a stranger's withdrawal", () => {
  it('changes nothing and issues nothing until the owner confirms the link; then the order is withdrawn and refunded once', async () => {
    const email = uniqueEmail('widerruf');
    const order = await customerOrder(email);
    const invoicesBefore = await invoiceKinds(order.orderId);
    const text = `${marker('Webapp Basis')}, Bestellung ${order.orderNumber.toLowerCase()}`;
    const answer = await withdraws(email, text);
    expect(answer.withdrawnOrders).toEqual([]);
    expect(JSON.stringify(answer)).not.toContain('bestaetigen');
    expect(await contractEnd(order.contractNumber)).toBeNull();
    expect(await billingRun(order.orderId)).toBe(0);

    const [receipt] = await mailsContaining(text);
    expect(receipt!.recipient).toBe(email);
    expect(receipt!.text_body).toContain(`Betroffene Bestellung: ${order.orderNumber}`);
    const token = tokenIn(receipt!.text_body, '/online-widerrufsformular/bestaetigen');

    // Opening the link changes nothing: it hands the token to the page, which asks first.
    const opened = await (await declarationVisitor()).visitor.call(withdrawalLink, `/online-widerrufsformular/bestaetigen/${token}`, { params: { token } });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/online-widerrufsformular/bestaetigen#${token}`);
    expect(await contractEnd(order.contractNumber)).toBeNull();

    for (let i = 0; i < 2; i++) {
      const confirmed = await confirmWithdrawal(token);
      expect(confirmed.status).toBe(200);
      expect(await confirmed.json()).toMatchObject({ id: answer.id, withdrawnOrders: [order.orderNumber] });
    }
    expect(await contractEnd(order.contractNumber)).toBe(today);
    expect(await billingRun(order.orderId)).toBe(1);
    expect(await billingRun(order.orderId)).toBe(0);
    expect(await invoiceKinds(order.orderId)).toEqual([...invoicesBefore, 'cancellation']);
  });

  it('naming 50 guessed order numbers changes nothing, even once the owner confirms the link; it waits for an agent, who can assign the order', async () => {
    const email = uniqueEmail('geraten');
    const order = await customerOrder(email);
    // Numbers used to be sequential (KW-000001 …): the first 49 of those, written short to fit the field, and the customer's own.
    const guesses = [...Array.from({ length: 49 }, (_, i) => `KW${i + 1}`), order.orderNumber];
    const text = guesses.join(',');
    expect(text.length).toBeLessThanOrEqual(300);
    const { id } = await withdraws(email, text);

    const [receipt] = (await mailsContaining(email)).filter((mail) => mail.recipient === email && mail.subject.startsWith('Eingangsbestätigung Ihres Widerrufs'));
    const confirmed = await confirmWithdrawal(tokenIn(receipt!.text_body, '/online-widerrufsformular/bestaetigen'));
    expect(await confirmed.json()).toMatchObject({ withdrawnOrders: [] });
    expect(await contractEnd(order.contractNumber)).toBeNull();
    expect(await billingRun(order.orderId)).toBe(0);
    const { rows } = await (await getDb()).query<{ attributed_at: Date | null; inbox_status: string; identity_confirmed_at: Date | null }>(
      'SELECT attributed_at, inbox_status, identity_confirmed_at FROM withdrawals WHERE id = $1',
      [id],
    );
    expect(rows[0]).toMatchObject({ attributed_at: null, inbox_status: 'new', identity_confirmed_at: expect.any(Date) });

    // The agent, having checked the sender, assigns the order: the same checks, and more than three numbers are refused.
    const tooMany = await act('withdrawal', id, { action: 'assignWithdrawal', orderNumbers: guesses.slice(0, 4).join(', ') });
    expect(((await tooMany.clone().json()) as { errors: Record<string, string> }).errors.orderNumbers).toBe(
      'Bitte geben Sie bis zu 3 Auftrags- oder Vertragsnummern an, z. B. KW-7K4M-9QX3-T5DW oder V-000042.',
    );
    expect(tooMany.status).toBe(400);
    const unknown = await act('withdrawal', id, { action: 'assignWithdrawal', orderNumbers: 'KW-999999999' });
    expect(unknown.status).toBe(400);
    const assigned = await act('withdrawal', id, { action: 'assignWithdrawal', orderNumbers: order.orderNumber.toLowerCase() });
    expect(assigned.status, await assigned.clone().text()).toBe(200);
    const item = ((await assigned.json()) as { item: InboxItem }).item;
    expect(item).toMatchObject({ status: 'done', withdrawal: { orderNumbers: [order.orderNumber], attribution: { by: 'agent' } } });
    expect(await contractEnd(order.contractNumber)).toBe(today);
    expect(await billingRun(order.orderId)).toBe(1);
    expect((await act('withdrawal', id, { action: 'assignWithdrawal', orderNumbers: order.orderNumber })).status).toBe(409);
  });

  it("a number of another address's order names nothing; the logged-in orderer's own withdrawal counts at once", async () => {
    const { visitor, account } = await loggedIn();
    const order = await customerOrder(account.email, visitor);
    // A stranger's address: the order is not theirs, whatever the number.
    const foreign = await withdraws(uniqueEmail('fremd'), order.orderNumber);
    const { rows } = await (await getDb()).query<{ n: number }>('SELECT count(*)::int AS n FROM withdrawal_orders WHERE withdrawal_id = $1', [foreign.id]);
    expect(rows[0]!.n).toBe(0);
    expect(await contractEnd(order.contractNumber)).toBeNull();

    const own = await withdraws(account.email, `Bestellung ${order.orderNumber}`, visitor);
    expect(own.withdrawnOrders).toEqual([order.orderNumber]);
    expect(await contractEnd(order.contractNumber)).toBe(today);
    const { orders } = (await (await visitor.call(overview, '/api/account/overview')).json()) as AccountOverview;
    expect(orders[0]!.withdrawal).toEqual({ receivedOn: today, attributed: true });
  });
});

describe('an agent processing an ordinary cancellation nobody confirmed', () => {
  it('attributes it and ends the contract on the end it confirms', async () => {
    const email = uniqueEmail('bearbeitet');
    const order = await customerOrder(email);
    const { body } = await strangerCancels(email, { contract_name: 'Webapp Basis' });
    const { id } = JSON.parse(body) as { id: number };
    const end = periodEnd(today, 6);
    const response = await act('cancellation', id, { action: 'processCancellation', endDate: end });
    expect(response.status).toBe(200);
    const item = ((await response.json()) as { item: InboxItem }).item;
    expect(item.details).toContainEqual({ label: 'Zugeordnet', kind: 'text', value: 'durch die Bearbeitung im Dashboard' });
    expect(await contractEnd(order.contractNumber)).toBe(end);
  });
});
