import { beforeAll, describe, expect, it } from 'vitest';
import confirm from '../../../netlify/functions/auth-confirm-email.mts';
import cancellation from '../../../netlify/functions/forms-cancellation.mts';
import demoRequest from '../../../netlify/functions/forms-demo-request.mts';
import withdrawal from '../../../netlify/functions/forms-withdrawal.mts';
import health from '../../../netlify/functions/health.mts';
import orders from '../../../netlify/functions/orders.mts';
import { site } from '../../../src/config/site.ts';
import { agb } from '../../../src/data/agb.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { Visitor } from '../http/visitor.ts';
import { confirmationToken, loggedIn, post, primed } from '../auth/helpers.ts';
import { cancellationFields, declarationVisitor, marker, preparedVisitor } from '../forms/helpers.ts';
import { withProofOfWork } from '../orders/proof-of-work.ts';

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

  it('the cap covers order confirmations too: the order is placed, the answer and its retry say the confirmation follows', async () => {
    const customer = `kunde-${crypto.randomUUID()}@example.test`;
    const visitorWithCookies = async () => {
      const visitor = new Visitor();
      await visitor.call(health, '/api/health');
      return visitor;
    };
    const place = async (visitor: Visitor, key: string = crypto.randomUUID()) =>
      visitor.call(orders, '/api/orders', {
        method: 'POST',
        headers: { 'Idempotency-Key': key },
        json: withProofOfWork({
          // Accepted at once (decision 0053): the held-back mail is the order confirmation that is also the acceptance.
          items: [{ id: 'restore-backup', quantity: 1 }],
          customer: { type: 'consumer', name: 'Erika Mustermann', street: 'Heidestraße 17', postalCode: '51147', city: 'Köln', country: 'Deutschland', email: customer },
          paymentMethod: 'invoice',
          consents: { agb: true, agbVersion: agb.version, earlyStart: true, waiverAcknowledged: true },
        }),
      });
    const answers: { orderId: string; confirmationMailed: boolean }[] = [];
    const sixth = { visitor: await visitorWithCookies(), key: crypto.randomUUID() };
    for (let i = 0; i < 6; i++) {
      const response = i === 5 ? await place(sixth.visitor, sixth.key) : await place(await visitorWithCookies());
      expect(response.status).toBe(201);
      answers.push((await response.json()) as { orderId: string; confirmationMailed: boolean });
    }
    expect(answers.map((answer) => answer.confirmationMailed)).toEqual([true, true, true, true, true, false]);
    expect(await count('SELECT count(*)::int AS n FROM orders WHERE email = $1', [customer])).toBe(6);
    // Order confirmations only: each order's invoice is a mail of ours, outside the cap.
    expect((await mailsTo(customer)).filter((mail) => !mail.subject.startsWith('Ihre Rechnung'))).toHaveLength(5);
    const { rows } = await (await getDb()).query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE recipient = $1 AND subject LIKE $2', [
      site.email,
      `Neue Bestellung ${answers[5]!.orderId} %`,
    ]);
    expect(rows[0]!.text_body).toMatch(/^Bitte von Hand bestätigen: Die Eingangsbestätigung an kunde-/);

    // A retry of the sixth (the answer was lost) says the same about the mail.
    const retry = await place(sixth.visitor, sixth.key);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ orderId: answers[5]!.orderId, confirmationMailed: false });
  });
});
