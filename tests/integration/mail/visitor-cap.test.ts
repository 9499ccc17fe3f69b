import { beforeAll, describe, expect, it } from 'vitest';
import confirmationLink from '../../../netlify/functions/account-confirmation-link.mts';
import confirm from '../../../netlify/functions/auth-confirm-email.mts';
import forgot from '../../../netlify/functions/auth-forgot-password.mts';
import login from '../../../netlify/functions/auth-login.mts';
import register from '../../../netlify/functions/auth-register.mts';
import cancellation from '../../../netlify/functions/forms-cancellation.mts';
import demoRequest from '../../../netlify/functions/forms-demo-request.mts';
import withdrawal from '../../../netlify/functions/forms-withdrawal.mts';
import health from '../../../netlify/functions/health.mts';
import orders from '../../../netlify/functions/orders.mts';
import { site } from '../../../src/config/site.ts';
import { agb } from '../../../src/data/agb.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { catalogue } from '../../../src/data/catalogue.ts';
import { issueDueInvoices } from '../../../src/features/billing/server/issue.ts';
import { addDays } from '../../../src/lib/contracts/ends.ts';
import { todayIso } from '../../../src/lib/forms/dates.ts';
import { OrderRequestSchema } from '../../../src/lib/schemas/order.ts';
import { enqueueVisitorMail } from '../../../src/server/mail/outbox.ts';
import { placeOrder as placeOrderDirectly } from '../../../src/server/orders/place-order.ts';
import * as v from 'valibot';
import { ORIGIN, Visitor } from '../http/visitor.ts';
import { confirmationToken, loggedIn, post, primed } from '../auth/helpers.ts';
import { cancellationFields, declarationVisitor, marker, preparedVisitor } from '../forms/helpers.ts';
import { consumerOrderOfOneApp, withProofOfWork } from '../orders/proof-of-work.ts';

// The production cap; the other test files lift it, since they reuse a few addresses.
process.env.VISITOR_MAILS_PER_DAY = '5';

async function mailsTo(recipient: string): Promise<{ subject: string }[]> {
  const { rows } = await (await getDb()).query<{ subject: string }>('SELECT subject FROM mail_outbox WHERE lower(recipient) = lower($1) ORDER BY id', [recipient]);
  return rows;
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await (await getDb()).query<{ n: number }>(sql, params);
  return rows[0]!.n;
}

beforeAll(async () => {
  await getDb();
});

async function visitorWithCookies(): Promise<Visitor> {
  const visitor = new Visitor();
  await visitor.call(health, '/api/health');
  return visitor;
}

/** An order accepted at once (decision 0053), so the endpoint issues its first invoice after the answer. */
function order(visitor: Visitor, email: string, key: string = crypto.randomUUID()): Promise<Response> {
  return visitor.call(orders, '/api/orders', {
    method: 'POST',
    headers: { 'Idempotency-Key': key },
    json: withProofOfWork({
      items: [{ id: 'restore-backup', quantity: 1 }],
      customer: { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email },
      paymentMethod: 'invoice',
      consents: { agb: true, agbVersion: agb.version, earlyStart: true, waiverAcknowledged: true },
    }),
  });
}

describe('mails with visitor-typed text to a visitor-typed address', () => {
  it('are queued at most five times a day per recipient; the records are stored, the company hears of every one', async () => {
    const victim = `opfer-${crypto.randomUUID()}@example.test`;
    const company = marker('Spam GmbH');
    const mailed: boolean[] = [];
    for (let i = 0; i < 7; i++) {
      const { visitor, security } = await preparedVisitor();
      const response = await visitor.call(demoRequest, '/api/forms/demo-request', {
        method: 'POST',
        // Alternating case: the cap counts the address, not its spelling.
        json: { name: 'Max Muster', email: i % 2 ? victim.toUpperCase() : victim, company, product: 'timetracking', preferred_date: '', ...security },
      });
      expect(response.status).toBe(201);
      mailed.push(((await response.json()) as { confirmationMailed: boolean }).confirmationMailed);
    }
    // The receipt page says which receipts went, instead of claiming one that did not.
    expect(mailed).toEqual([true, true, true, true, true, false, false]);
    expect(await count('SELECT count(*)::int AS n FROM demo_requests WHERE company = $1', [company])).toBe(7);
    expect(await mailsTo(victim)).toHaveLength(5);
    const { rows: notifications } = await (await getDb()).query<{ text_body: string }>(
      'SELECT text_body FROM mail_outbox WHERE recipient = $1 AND text_body LIKE $2 ORDER BY id',
      [site.inquiryEmail, `%${company}%`],
    );
    expect(notifications).toHaveLength(7);
    const handConfirmation = notifications.map((mail) => mail.text_body.startsWith('Bitte von Hand bestätigen: Die Eingangsbestätigung an '));
    expect(handConfirmation).toEqual([false, false, false, false, false, true, true]);
  });

  it('a declaration beyond the cap is stored and effective; its receipt page says the confirmation follows, with and without JavaScript', async () => {
    const sender = `widerruf-${crypto.randomUUID()}@example.test`;
    const contract = marker('Webapp Widerruf');
    const withdraw = async () => {
      const { visitor, security } = await declarationVisitor();
      return visitor.call(withdrawal, '/api/forms/withdrawal', { method: 'POST', json: { contract, name: 'Erika Mustermann', email: sender, ...security } });
    };
    for (let i = 0; i < 5; i++) expect(((await (await withdraw()).json()) as { confirmationMailed: boolean }).confirmationMailed).toBe(true);
    const sixth = await withdraw();
    expect(sixth.status).toBe(201);
    expect(((await sixth.json()) as { confirmationMailed: boolean }).confirmationMailed).toBe(false);
    expect(await count('SELECT count(*)::int AS n FROM withdrawals WHERE contract = $1', [contract])).toBe(6);
    expect(await mailsTo(sender)).toHaveLength(5);

    // The cancellation posted without JavaScript to the same address: the HTML receipt tells the truth.
    const { visitor, security } = await declarationVisitor();
    for (const name of [...visitor.cookies.keys()]) if (name !== 'captcha_id') visitor.cookies.delete(name);
    const page = await visitor.call(cancellation, '/api/forms/cancellation', {
      method: 'POST',
      body: new URLSearchParams({ ...cancellationFields(marker('Hosting'), sender), captcha_kind: 'image', ...security }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: false,
    });
    expect(page.status).toBe(201);
    const html = await page.text();
    expect(html).toContain('Ihre Kündigung ist mit dem Eingang bei uns wirksam.');
    expect(html).toContain('geht die Eingangsbestätigung nicht automatisch hinaus: Wir senden sie Ihnen, sobald wir den Eingang geprüft haben.');
    expect(html).not.toContain('Wir haben Ihnen eine Eingangsbestätigung');
    // No link is promised that the held-back mail would have carried; the contract waits for our check (decision 0054).
    expect(html).not.toContain('mit dem Link in der E-Mail');
    expect(html).toContain('Den Vertrag ändern wir erst, wenn wir geprüft haben, dass die Kündigung vom Vertragsinhaber stammt.');
  });

  it('a signed-in customer with a confirmed address gets every receipt: their own inbox is no stranger\'s', async () => {
    const { visitor, account } = await loggedIn();
    expect((await post(await primed(), confirm, '/api/auth/confirm-email', { token: await confirmationToken(account.email) })).status).toBe(200);
    for (let i = 0; i < 6; i++) {
      const response = await visitor.call(cancellation, '/api/forms/cancellation', {
        method: 'POST',
        json: { contract_name: marker('Domain'), contract_number: '', type_of_cancellation: 'regular', end_of_contract_period: 'select', end_of_contract_period_date: '', customer_id: '', order_id: '', annotation: '' },
      });
      expect(response.status).toBe(201);
      expect(((await response.json()) as { confirmationMailed: boolean }).confirmationMailed).toBe(true);
    }
    expect((await mailsTo(account.email)).filter((mail) => mail.subject.startsWith('Eingangsbestätigung Ihrer Kündigung'))).toHaveLength(6);
  });

  it('an order needs room for its confirmation and first invoice: beyond the cap it is refused in German before anything is stored', async () => {
    const customer = `kunde-${crypto.randomUUID()}@example.test`;
    const placed: { visitor: Visitor; key: string; orderId: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const visitor = await visitorWithCookies();
      const key = crypto.randomUUID();
      const response = await order(visitor, customer, key);
      expect(response.status).toBe(201);
      const answer = (await response.json()) as { orderId: string; confirmationMailed: boolean };
      expect(answer.confirmationMailed).toBe(true);
      placed.push({ visitor, key, orderId: answer.orderId });
      // The first invoice is issued after the answer; the next order comes after it.
      await visitor.settled();
    }
    // Four mails; a third order would make six.
    const third = await visitorWithCookies();
    const refused = await order(third, customer);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { message: string; errors: Record<string, string> };
    expect(body.message).toMatch(/^An diese E-Mail-Adresse haben wir heute schon mehrere E-Mails gesendet\. .* Ihr Warenkorb bleibt erhalten\.$/);
    expect(body.errors['customer.email']).toBe(body.message);
    await third.settled();
    expect(await count('SELECT count(*)::int AS n FROM orders WHERE email = $1', [customer])).toBe(2);
    const subjects = (await mailsTo(customer)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(4);
    expect(subjects.filter((subject) => subject.startsWith('Ihre Rechnung'))).toHaveLength(2);

    // A retry of a placed order (its answer was lost) still answers it: it causes no new mail.
    const retry = await order(placed[1]!.visitor, customer, placed[1]!.key);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ orderId: placed[1]!.orderId, confirmationMailed: true });
  });

  it('never refuses the logged-in owner ordering under the address the account confirmed, nor holds back its invoice; a stranger typing it is refused', async () => {
    const db = await getDb();
    const { visitor, account } = await loggedIn();
    await db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [account.email]);
    // The address has had its five mails a day.
    for (let i = 0; i < 5; i++) await enqueueVisitorMail(db, { to: account.email, subject: `Füllung ${i}`, text: 'x' });

    const own = await order(visitor, account.email);
    expect(own.status).toBe(201);
    await visitor.settled();
    const subjects = (await mailsTo(account.email)).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.startsWith('Ihre Rechnung'))).toHaveLength(1);
    expect(await count("SELECT count(*)::int AS n FROM mail_outbox WHERE subject LIKE 'Von Hand senden:%' AND reply_to = $1", [account.email])).toBe(0);

    const stranger = await visitorWithCookies();
    expect((await order(stranger, account.email)).status).toBe(429);
  });

  it("a first invoice the cap no longer has room for goes to the company to be sent by hand; the billing run's invoices are not capped", async () => {
    const db = await getDb();
    const customer = `rechnung-${crypto.randomUUID()}@example.test`;
    const request = v.parse(OrderRequestSchema, consumerOrderOfOneApp(customer));
    const placed = await placeOrderDirectly(db, catalogue, { request, keyScope: 'cap', idempotencyKey: crypto.randomUUID(), agbVersion: agb.version, origin: ORIGIN });
    // Between the order and its first invoice the address has its five mails a day.
    for (let i = 0; i < 4; i++) expect(await enqueueVisitorMail(db, { to: customer, subject: `Füllung ${i}`, text: 'x' })).not.toBeNull();

    const first = await issueDueInvoices(db, { on: todayIso(), origin: ORIGIN, orderId: placed.id!, visitorCaused: true });
    expect(first.issued).toHaveLength(1);
    const { rows } = await db.query<{ recipient: string; reply_to: string; subject: string; text_body: string; attachments: unknown[] }>(
      'SELECT recipient, reply_to, subject, text_body, attachments FROM mail_outbox WHERE id = $1',
      [first.mailIds[0]],
    );
    expect(rows[0]).toMatchObject({ recipient: site.email, reply_to: customer, subject: `Von Hand senden: Ihre Rechnung ${first.issued[0]} zur Bestellung ${placed.orderNumber}` });
    expect(rows[0]!.text_body).toMatch(/^Bitte von Hand senden: Diese Rechnung an rechnung-.* ging nicht hinaus/);
    expect(rows[0]!.attachments.length).toBeGreaterThan(0);
    expect((await mailsTo(customer)).filter((mail) => mail.subject.startsWith('Ihre Rechnung'))).toHaveLength(0);

    // The next period's invoice of the same contract, from the daily run: a duty, not a stranger's doing.
    const later = await issueDueInvoices(db, { on: addDays(todayIso(), 200), origin: ORIGIN, orderId: placed.id! });
    expect(later.issued).toHaveLength(1);
    expect((await mailsTo(customer)).filter((mail) => mail.subject.startsWith('Ihre Rechnung'))).toHaveLength(1);
  });
});

describe('no side door around the cap (decision 0063)', () => {
  it('orders, invoices, registrations and reset and confirmation links share the five mails a day; a legal receipt still arrives', async () => {
    const victim = `geflutet-${crypto.randomUUID()}@example.test`;
    // An order: its confirmation and its invoice.
    const ordering = await visitorWithCookies();
    expect((await order(ordering, victim)).status).toBe(201);
    await ordering.settled();
    // A registration (the confirmation link), another of the taken address (the notice to its owner), a reset link.
    const account = { email: victim, password: 'richtig-geheim-1', displayName: 'Erika Mustermann' };
    const registered = await post(await primed(), register, '/api/auth/register', withProofOfWork(account));
    expect(registered.status).toBe(201);
    const firstAnswer = await registered.json();
    const registerAgain = async () => {
      const again = await post(await primed(), register, '/api/auth/register', withProofOfWork({ ...account, displayName: 'Mallory' }));
      expect(again.status).toBe(201);
      expect(await again.json()).toEqual(firstAnswer);
    };
    const resetLink = async () => {
      const resetting = await primed();
      const reset = await post(resetting, forgot, '/api/auth/forgot-password', { email: victim });
      expect(reset.status).toBe(200);
      await resetting.settled();
    };
    await registerAgain();
    await resetLink();

    // Beyond the cap: the next order is refused, registrations and reset requests answer as before and mail nothing.
    expect((await order(await visitorWithCookies(), victim)).status).toBe(429);
    await registerAgain();
    await resetLink();
    // The account holder who asks for a new confirmation link is told why none comes.
    const owner = await primed();
    expect((await post(owner, login, '/api/auth/login', { email: victim, password: account.password })).status).toBe(200);
    const link = await post(owner, confirmationLink, '/api/account/confirmation-link');
    expect(link.status).toBe(429);
    expect(((await link.json()) as { message: string }).message).toMatch(/^An Ihre Adresse haben wir heute schon mehrere E-Mails gesendet\./);

    const subjects = (await mailsTo(victim)).map((mail) => mail.subject);
    expect(subjects).toHaveLength(5);
    expect(subjects.filter((subject) => subject.startsWith('Ihre Rechnung'))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.startsWith('Bitte bestätigen Sie Ihre E-Mail-Adresse'))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.startsWith('Registrierung mit Ihrer E-Mail-Adresse'))).toHaveLength(1);
    expect(subjects.filter((subject) => subject.startsWith('Passwort zurücksetzen'))).toHaveLength(1);

    // The owner confirms with the link that went out; their own inbox gets the receipt of a cancellation (decision 0042).
    expect((await post(await primed(), confirm, '/api/auth/confirm-email', { token: await confirmationToken(victim) })).status).toBe(200);
    const cancelled = await owner.call(cancellation, '/api/forms/cancellation', {
      method: 'POST',
      json: { contract_name: marker('Webapp'), contract_number: '', type_of_cancellation: 'regular', end_of_contract_period: 'select', end_of_contract_period_date: '', customer_id: '', order_id: '', annotation: '' },
    });
    expect(cancelled.status).toBe(201);
    expect(((await cancelled.json()) as { confirmationMailed: boolean }).confirmationMailed).toBe(true);
    expect((await mailsTo(victim)).filter((mail) => mail.subject.startsWith('Eingangsbestätigung Ihrer Kündigung'))).toHaveLength(1);
  });

  it('a registration without its proof of work is refused in German, before an account or a mail exists', async () => {
    const account = { email: `ohne-arbeit-${crypto.randomUUID()}@example.test`, password: 'richtig-geheim-1', displayName: 'Erika Mustermann' };
    const refusals = [
      await post(await primed(), register, '/api/auth/register', account),
      await post(await primed(), register, '/api/auth/register', { ...account, hashcash_solutions: [] }),
      await post(await primed(), register, '/api/auth/register', { ...account, hashcash_solutions: [{ text: 'hc1.erfunden', nonce: 1, difficulty: 2 }] }),
    ];
    const answers = await Promise.all(refusals.map(async (refused) => ({ status: refused.status, body: (await refused.json()) as { errors: Record<string, string> } })));
    expect(answers.map((answer) => [answer.status, answer.body.errors.hashcash_solutions])).toEqual([
      [400, 'Hashcash-Lösungen fehlen.'],
      [400, 'Hashcash-Lösungen fehlen.'],
      [400, 'Hashcash konnte nicht gelöst werden. Bitte versuchen Sie es erneut.'],
    ]);
    expect(JSON.stringify(answers)).not.toMatch(/Invalid|Expected|received|undefined/);
    expect(await count('SELECT count(*)::int AS n FROM users WHERE email = $1', [account.email])).toBe(0);
    // A set spent once does not pay for a second registration.
    const solved = withProofOfWork(account);
    expect((await post(await primed(), register, '/api/auth/register', solved)).status).toBe(201);
    const replayed = await post(await primed(), register, '/api/auth/register', { ...solved, email: `zweite-${account.email}` });
    expect(replayed.status).toBe(400);
    expect(await count('SELECT count(*)::int AS n FROM users WHERE email IN ($1, $2)', [account.email, `zweite-${account.email}`])).toBe(1);
    expect(await mailsTo(`zweite-${account.email}`)).toHaveLength(0);
  });
});
