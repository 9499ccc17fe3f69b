import { beforeAll, describe, expect, it } from 'vitest';
import { retentionCutoffs } from '../../../src/features/privacy/retention.ts';
import { runRetention } from '../../../src/features/privacy/server/retention-run.ts';
import { addDays } from '../../../src/lib/contracts/ends.ts';
import { todayIso } from '../../../src/lib/forms/dates.ts';
import { getDb, type Db } from '../../../src/server/db/index.ts';
import { fixtureCancellation, fixtureInvoice, fixtureOrder, type FixtureInvoice } from '../../support/invoice-fixture.ts';

/**
 * Issue 35 Deliver 1 (decision 0062): the daily run deletes what its period makes due and nothing
 * else – each kind on both sides of its cut-off – and the database still refuses to delete an
 * invoice within its statutory period. The run is always for today: on a shared database a run
 * for a later day would delete other tests' rows; the records are dated back instead.
 */

const today = todayIso();
const year = Number(today.slice(0, 4));
const cutoffs = retentionCutoffs(today);

/** Midnight in Köln of `day` plus `offset` (an SQL interval): the first instant of the day, or just before it. */
const KOELN = `($1::date::timestamp AT TIME ZONE 'Europe/Berlin') + $2::interval`;
const JUST_BEFORE = '-1 second';
const AT = '0 seconds';

async function exists(db: Db, table: string, id: string | number): Promise<boolean> {
  const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
  return rows.length === 1;
}

async function insertId(db: Db, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`${sql} RETURNING id`, params);
  return String(rows[0]!.id);
}

async function contractOf(db: Db, orderId: number, endsOn: string | null, userId: string | null = null): Promise<string> {
  return insertId(
    db,
    `INSERT INTO contracts (order_id, order_position, user_id, customer_type, email, product_id, name, quantity, price_basis, period_cents, period_gross_cents,
                            vat_percent, billing_months, minimum_months, notice_days, starts_on, ends_on)
     VALUES ($1, 1, $3, 'consumer', 'alt@example.test', 'webapp-basis-6m', 'Web-App Basis', 1, 'gross', 11900, 11900, 19, 6, 6, 30, '2010-01-01', $2)`,
    [orderId, endsOn, userId],
  );
}

const pay = (db: Db, invoice: FixtureInvoice) =>
  db.query('INSERT INTO invoice_payments (invoice_id, received_on, amount_cents) VALUES ($1, $2, $3)', [invoice.id, today, invoice.grossCents]);

describe('the retention run', () => {
  // Opening the embedded database applies every migration: not part of what the tests time.
  beforeAll(async () => {
    await getDb();
  });

  it('deletes every kind exactly from its cut-off on and keeps what is not yet due', async () => {
    const db = await getDb();
    const mark = `loeschlauf-${Math.random().toString(36).slice(2, 8)}@example.test`;

    // Inquiries of all four forms: the last instant before the cut-off day is due, its first instant is not.
    const inquiry = async (at: string) => ({
      contact: await insertId(db, `INSERT INTO inquiries (kind, name, email, message, created_at) VALUES ('contact', 'Erika', '${mark}', 'Hallo', ${KOELN})`, [cutoffs.inquiries, at]),
      order: await insertId(
        db,
        `INSERT INTO order_inquiries (name, email, inquiry, topic, rental_or_purchase, user_documentation, source_code_documentation, admin_documentation,
                                     interested_in, service_level_agreement, bugfixing, testing, received_at)
         VALUES ('Erika', '${mark}', 'Shop', 'shop', 'rental', false, false, false, 'x', false, false, false, ${KOELN})`,
        [cutoffs.inquiries, at],
      ),
      demo: await insertId(db, `INSERT INTO demo_requests (name, email, company, product, received_at) VALUES ('Erika', '${mark}', 'Firma', 'shop', ${KOELN})`, [
        cutoffs.inquiries,
        at,
      ]),
      av: await insertId(db, `INSERT INTO av_requests (customer_id, postal_code, email, received_at) VALUES ('K-1', '51147', '${mark}', ${KOELN})`, [cutoffs.inquiries, at]),
    });
    const dueInquiries = await inquiry(JUST_BEFORE);
    const keptInquiries = await inquiry(AT);

    const clickDummy = (at: string) =>
      insertId(db, `INSERT INTO click_dummy_requests (name, email, prompt, trigger, created_at) VALUES ('Erika', '${mark}', 'Idee', 'create', ${KOELN})`, [
        cutoffs['click-dummy-requests'],
        at,
      ]);
    const dueClickDummy = await clickDummy(JUST_BEFORE);
    const keptClickDummy = await clickDummy(AT);

    const chat = (at: string, userId: string | null) =>
      insertId(
        db,
        `INSERT INTO chat_conversations (visitor_id, user_id, created_at, last_activity_at) VALUES ($3, $4, ${KOELN}, ${KOELN})`,
        [cutoffs['guest-chats'], at, userId ? null : `v-${Math.random()}`, userId],
      );
    const dueChat = await chat(JUST_BEFORE, null);
    await db.query(`INSERT INTO chat_messages (conversation_id, author, text, created_at) VALUES ($1, 'visitor', 'Hallo', now())`, [dueChat]);
    const keptChat = await chat(AT, null);
    const account = await insertId(db, `INSERT INTO users (email, display_name) VALUES ($1, 'Konto')`, [`konto-${mark}`]);
    const accountChat = await chat(JUST_BEFORE, account);

    const mail = (at: string) =>
      insertId(db, `INSERT INTO mail_outbox (recipient, subject, text_body, created_at, sent_at) VALUES ('${mark}', 'Betreff', 'Text', ${KOELN}, ${KOELN})`, [
        cutoffs['sent-mails'],
        at,
      ]);
    const dueMail = await mail(JUST_BEFORE);
    const keptMail = await mail(AT);

    // Sessions and links expired a month before: due; expired less long ago: kept to trace a misuse.
    const owner = await insertId(db, `INSERT INTO users (email, display_name) VALUES ($1, 'Konto')`, [`zugang-${mark}`]);
    const access = async (at: string) => {
      const token = `zugang-${Math.random()}`;
      const expires = [cutoffs['access-links'], at, token, owner];
      await db.query(`INSERT INTO sessions (token_hash, user_id, expires_at, idle_seconds) VALUES ($3, $4, ${KOELN}, 1800)`, expires);
      await db.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($3, $4, ${KOELN})`, expires);
      await db.query(`INSERT INTO email_verifications (token_hash, user_id, expires_at) VALUES ($3, $4, ${KOELN})`, expires);
      return token;
    };
    const accessLeft = async (token: string) =>
      (
        await db.query(
          'SELECT 1 FROM sessions WHERE token_hash = $1 UNION ALL SELECT 1 FROM password_resets WHERE token_hash = $1 UNION ALL SELECT 1 FROM email_verifications WHERE token_hash = $1',
          [token],
        )
      ).rows.length;
    const dueAccess = await access(JUST_BEFORE);
    const keptAccess = await access(AT);

    // Invoices: 8 years from the end of the year of issue. Guest orders (no account any more).
    const lastDueDay = `${year - 9}-12-31`;
    const firstKeptDay = `${year - 8}-01-01`;
    const paidDue = await fixtureInvoice(db, await fixtureOrder(db), { issuedOn: lastDueDay });
    await pay(db, paidDue);
    const paidKept = await fixtureInvoice(db, await fixtureOrder(db), { issuedOn: firstKeptDay });
    await pay(db, paidKept);
    // Open: still owed, so it stays whatever its age.
    const openDue = await fixtureInvoice(db, await fixtureOrder(db), { issuedOn: lastDueDay });
    // Cancelled: both go together once the younger is due; a cancellation within its period keeps both.
    const cancelledDue = await fixtureInvoice(db, await fixtureOrder(db), { issuedOn: `${year - 10}-03-01` });
    const cancellationDue = await fixtureCancellation(db, cancelledDue, cancelledDue.grossCents, lastDueDay);
    const cancelledKept = await fixtureInvoice(db, await fixtureOrder(db), { issuedOn: `${year - 10}-03-01` });
    const cancellationKept = await fixtureCancellation(db, cancelledKept, cancelledKept.grossCents, firstKeptDay);
    // An account still holds it: its customer area offers it until the account is deleted.
    const accountOrder = await fixtureOrder(db);
    await db.query('UPDATE orders SET user_id = $1 WHERE id = $2', [account, accountOrder.id]);
    const accountInvoice = await fixtureInvoice(db, accountOrder, { issuedOn: lastDueDay });
    await pay(db, accountInvoice);
    await db.query(
      `INSERT INTO invoice_lines (invoice_id, position, credit, order_id, order_position, name, unit, quantity, unit_cents, line_cents, line_gross_cents, vat_percent)
       VALUES ($1, 1, false, $2, 1, 'Backup', 'once', 1, 10000, 10000, 11900, 19)`,
      [paidDue.id, paidDue.order.id],
    );
    await db.query('INSERT INTO invoice_reminders (invoice_id, level) VALUES ($1, 1)', [paidDue.id]);

    // Orders: 6 years from the end of the year their last contract ended.
    const orderDue = await fixtureOrder(db);
    const orderDueContract = await contractOf(db, orderDue.id, `${year - 7}-12-31`);
    await db.query(`INSERT INTO order_documents (order_id, kind, file_name, content) VALUES ($1, 'contract-confirmation', 'v.pdf', '\\x00')`, [orderDue.id]);
    const orderKept = await fixtureOrder(db);
    await contractOf(db, orderKept.id, `${year - 6}-01-01`);
    const orderRunning = await fixtureOrder(db);
    await contractOf(db, orderRunning.id, null);
    // The first invoice's order is due once the invoice is gone: in the same run.
    await db.query(`UPDATE orders SET created_at = $2 WHERE id = ANY($1::bigint[])`, [
      [orderDue.id, orderKept.id, orderRunning.id, paidDue.order.id, accountOrder.id],
      `${year - 10}-06-01T10:00:00Z`,
    ]);

    // Declarations: 6 years from the end of the year of receipt.
    const withdrawal = (receivedAt: string) =>
      insertId(db, `INSERT INTO withdrawals (contract, name, email, received_at) VALUES ('Vertrag', 'Erika', '${mark}', $1)`, [receivedAt]);
    const withdrawalDue = await withdrawal(`${year - 7}-12-31T12:00:00Z`);
    const withdrawalKept = await withdrawal(`${year - 6}-01-01T12:00:00Z`);
    // It withdrew an order that is still kept: the billing run reads it, so it stays.
    const withdrawalOfKeptOrder = await withdrawal(`${year - 9}-06-01T12:00:00Z`);
    await db.query('INSERT INTO withdrawal_orders (withdrawal_id, order_id) VALUES ($1, $2)', [withdrawalOfKeptOrder, orderKept.id]);
    const cancellationOf = (receivedAt: string) =>
      insertId(
        db,
        `INSERT INTO cancellations (contract_name, type_of_cancellation, end_of_contract_period, email, received_at) VALUES ('Vertrag', 'regular', 'earliest', '${mark}', $1)`,
        [receivedAt],
      );
    const cancellationDeclDue = await cancellationOf(`${year - 7}-06-01T12:00:00Z`);
    const cancellationDeclKept = await cancellationOf(`${year - 6}-01-01T12:00:00Z`);
    // Old, but it ended a contract that is still kept: kept with it.
    const cancellationOfRunning = await cancellationOf(`${year - 9}-06-01T12:00:00Z`);
    await db.query('UPDATE contracts SET cancellation_id = $1 WHERE order_id = $2', [cancellationOfRunning, orderRunning.id]);

    const report = await runRetention(db, { on: today });

    for (const id of Object.values(dueInquiries)) expect(id).toBeTruthy();
    expect(await exists(db, 'inquiries', dueInquiries.contact)).toBe(false);
    expect(await exists(db, 'order_inquiries', dueInquiries.order)).toBe(false);
    expect(await exists(db, 'demo_requests', dueInquiries.demo)).toBe(false);
    expect(await exists(db, 'av_requests', dueInquiries.av)).toBe(false);
    expect(await exists(db, 'inquiries', keptInquiries.contact)).toBe(true);
    expect(await exists(db, 'order_inquiries', keptInquiries.order)).toBe(true);
    expect(await exists(db, 'demo_requests', keptInquiries.demo)).toBe(true);
    expect(await exists(db, 'av_requests', keptInquiries.av)).toBe(true);
    expect(await exists(db, 'click_dummy_requests', dueClickDummy)).toBe(false);
    expect(await exists(db, 'click_dummy_requests', keptClickDummy)).toBe(true);
    expect(await exists(db, 'chat_conversations', dueChat)).toBe(false);
    expect((await db.query('SELECT 1 FROM chat_messages WHERE conversation_id = $1', [dueChat])).rows).toEqual([]);
    expect(await exists(db, 'chat_conversations', keptChat)).toBe(true);
    expect(await exists(db, 'chat_conversations', accountChat)).toBe(true);
    expect(await exists(db, 'mail_outbox', dueMail)).toBe(false);
    expect(await exists(db, 'mail_outbox', keptMail)).toBe(true);
    expect(await accessLeft(dueAccess)).toBe(0);
    expect(await accessLeft(keptAccess)).toBe(3);

    expect(await exists(db, 'invoices', paidDue.id)).toBe(false);
    expect((await db.query('SELECT 1 FROM invoice_documents WHERE invoice_id = $1 UNION ALL SELECT 1 FROM invoice_lines WHERE invoice_id = $1', [paidDue.id])).rows).toEqual([]);
    expect(await exists(db, 'invoices', paidKept.id)).toBe(true);
    expect(await exists(db, 'invoices', openDue.id)).toBe(true);
    expect(await exists(db, 'invoices', cancelledDue.id)).toBe(false);
    expect(await exists(db, 'invoices', cancellationDue.id)).toBe(false);
    expect(await exists(db, 'invoices', cancelledKept.id)).toBe(true);
    expect(await exists(db, 'invoices', cancellationKept.id)).toBe(true);
    expect(await exists(db, 'invoices', accountInvoice.id)).toBe(true);

    expect(await exists(db, 'orders', orderDue.id)).toBe(false);
    expect(await exists(db, 'contracts', orderDueContract)).toBe(false);
    expect((await db.query('SELECT 1 FROM order_documents WHERE order_id = $1', [orderDue.id])).rows).toEqual([]);
    // Its invoice went in this run, its contract-less order with it.
    expect(await exists(db, 'orders', paidDue.order.id)).toBe(false);
    expect(await exists(db, 'orders', orderKept.id)).toBe(true);
    expect(await exists(db, 'orders', orderRunning.id)).toBe(true);
    expect(await exists(db, 'orders', accountOrder.id)).toBe(true);
    expect(await exists(db, 'orders', openDue.order.id)).toBe(true);

    expect(await exists(db, 'withdrawals', withdrawalDue)).toBe(false);
    expect(await exists(db, 'withdrawals', withdrawalKept)).toBe(true);
    expect(await exists(db, 'withdrawals', withdrawalOfKeptOrder)).toBe(true);
    expect(await exists(db, 'cancellations', cancellationDeclDue)).toBe(false);
    expect(await exists(db, 'cancellations', cancellationDeclKept)).toBe(true);
    expect(await exists(db, 'cancellations', cancellationOfRunning)).toBe(true);

    // The log: one row per kind with its count and cut-off, no personal data.
    const logged = await db.query<{ kind: string; cutoff: string; deleted: number }>(
      `SELECT kind, to_char(cutoff, 'YYYY-MM-DD') AS cutoff, deleted FROM retention_runs WHERE run_on = $1 ORDER BY id`,
      [today],
    );
    expect(logged.rows.map((row) => row.kind)).toEqual(['inquiries', 'click-dummy-requests', 'guest-chats', 'sent-mails', 'access-links', 'invoices', 'orders', 'declarations']);
    for (const row of logged.rows) {
      expect(row.cutoff).toBe(cutoffs[row.kind as keyof typeof cutoffs]);
      expect(row.deleted).toBe(report.deleted[row.kind as keyof typeof cutoffs]);
    }
    expect(report.deleted.inquiries).toBeGreaterThanOrEqual(4);
    expect(report.deleted.invoices).toBeGreaterThanOrEqual(3);
    expect(report.deleted.orders).toBeGreaterThanOrEqual(2);

    // Running again deletes nothing of what stayed.
    await runRetention(db, { on: today });
    expect(await exists(db, 'invoices', paidKept.id)).toBe(true);
    expect(await exists(db, 'inquiries', keptInquiries.contact)).toBe(true);
  });

  it('still refuses to delete or change an invoice within its statutory period, and lets one past it go', async () => {
    const db = await getDb();
    const kept = await fixtureInvoice(db, await fixtureOrder(db), { issuedOn: `${year - 8}-01-01` });
    await expect(db.query('DELETE FROM invoice_documents WHERE invoice_id = $1', [kept.id])).rejects.toThrow(/Aufbewahrungsfrist/);
    await expect(db.query('DELETE FROM invoices WHERE id = $1', [kept.id])).rejects.toThrow(/Aufbewahrungsfrist/);
    await expect(db.query("UPDATE invoices SET due_on = due_on + 1 WHERE id = $1", [kept.id])).rejects.toThrow(/nicht geändert/);
    const fresh = await fixtureInvoice(db, await fixtureOrder(db), { issuedOn: addDays(today, -1) });
    await expect(db.query('DELETE FROM invoices WHERE id = $1', [fresh.id])).rejects.toThrow(/Aufbewahrungsfrist/);
    // Past its period the database lets it go (the run decides whether it is settled).
    const past = await fixtureInvoice(db, await fixtureOrder(db), { issuedOn: `${year - 9}-12-31` });
    await db.transaction(async (tx) => {
      await tx.query('DELETE FROM invoice_documents WHERE invoice_id = $1', [past.id]);
      await tx.query('DELETE FROM invoices WHERE id = $1', [past.id]);
    });
    expect(await exists(db, 'invoices', past.id)).toBe(false);
    expect(await exists(db, 'invoices', kept.id)).toBe(true);
  });
});
