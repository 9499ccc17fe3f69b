import { beforeAll, describe, expect, it } from 'vitest';
import accountExport from '../../../netlify/functions/account-export.mts';
import { getDb } from '../../../src/server/db/index.ts';
import { FIXTURE_IBAN, fixtureOrder } from '../../support/invoice-fixture.ts';
import { userIdOf } from '../auth/guest-orders.ts';
import { loggedIn } from '../auth/helpers.ts';

/**
 * Issue 35 Deliver 1: the GDPR export holds everything stored about the account – also its
 * cancellations, withdrawals and the bank account of its direct-debit mandate (masked).
 */
describe('GET /api/account/export', () => {
  // Opening the embedded database applies every migration: not part of what the tests time.
  beforeAll(async () => {
    await getDb();
  });

  it('lists the account’s cancellations, withdrawals and masked bank account, and nobody else’s', async () => {
    const { visitor, account } = await loggedIn();
    const userId = await userIdOf(account.email);
    const db = await getDb();
    const order = await fixtureOrder(db, { paymentMethod: 'sepa', email: account.email, name: 'Erika Mustermann', iban: FIXTURE_IBAN });
    await db.query('UPDATE orders SET user_id = $1 WHERE id = $2', [userId, order.id]);
    await db.query(
      `INSERT INTO order_lines (order_id, position, product_id, name, unit, term, minimum_term, unit_cents, unit_net_cents, quantity, line_cents, line_gross_cents, vat_percent)
       VALUES ($1, 1, 'restore-backup', 'Backup-Wiederherstellung', 'once', 'einmalig', 'keine', 11900, 10000, 1, 11900, 11900, 19)`,
      [order.id],
    );
    await db.query(
      `INSERT INTO cancellations (user_id, contract_name, type_of_cancellation, cancellation_reason, end_of_contract_period, order_id, firstname, lastname, email,
                                  identity_confirmed_at, attributed_at, attributed_by)
       VALUES ($1, 'Webhosting Basis', 'regular', 'Umzug', 'earliest', $2, 'Erika', 'Mustermann', $3, '2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z', 'account')`,
      [userId, order.orderNumber, account.email],
    );
    const withdrawal = await db.query<{ id: string }>(
      `INSERT INTO withdrawals (contract, name, email, identity_confirmed_at, attributed_at, attributed_by)
       VALUES ('Bestellung vom 18.11.2026', 'Erika Mustermann', $1, '2026-11-21T09:00:00Z', '2026-11-21T09:00:00Z', 'identity-link') RETURNING id`,
      [account.email],
    );
    // Sent as a guest, but naming the account's order: it is the account's.
    await db.query('INSERT INTO withdrawal_orders (withdrawal_id, order_id) VALUES ($1, $2)', [withdrawal.rows[0]!.id, order.id]);
    // Someone else's declaration under another address stays out.
    await db.query(
      `INSERT INTO withdrawals (contract, name, email) VALUES ('Fremder Vertrag', 'Max Muster', 'fremd@example.test')`,
    );

    const response = await visitor.call(accountExport, '/api/account/export');
    expect(response.status).toBe(200);
    const exported = (await response.json()) as Record<string, unknown>;
    expect(exported.cancellations).toEqual([
      expect.objectContaining({
        contractName: 'Webhosting Basis',
        typeOfCancellation: 'regular',
        reason: 'Umzug',
        orderNumber: order.orderNumber,
        sender: expect.objectContaining({ firstname: 'Erika', lastname: 'Mustermann', email: account.email }),
        identityConfirmedAt: '2026-11-20T10:00:00.000Z',
        attributedBy: 'account',
        status: 'received',
      }),
    ]);
    expect(exported.withdrawals).toEqual([
      expect.objectContaining({
        contract: 'Bestellung vom 18.11.2026',
        name: 'Erika Mustermann',
        orderNumbers: [order.orderNumber],
        identityConfirmedAt: '2026-11-21T09:00:00.000Z',
        attributedBy: 'identity-link',
      }),
    ]);
    expect(exported.bankAccounts).toEqual([
      { orderNumber: order.orderNumber, iban: 'DE02 **** **** **** **20 51', accountHolder: 'Erika Mustermann', mandateReference: order.mandateReference, mandateGivenAt: expect.any(String) },
    ]);
    expect(exported.orders).toEqual([
      expect.objectContaining({
        orderNumber: order.orderNumber,
        customer: expect.objectContaining({ name: 'Erika Mustermann', street: 'Heidestraße 17', email: account.email }),
        declarations: expect.objectContaining({ agbAcceptedAt: expect.any(String), sepaMandateAt: expect.any(String) }),
      }),
    ]);
    expect(JSON.stringify(exported)).not.toContain(FIXTURE_IBAN);
    expect(JSON.stringify(exported)).not.toContain('Fremder Vertrag');
    expect(exported.account).toMatchObject({ email: account.email, emailVerifiedAt: null, signInWithGoogle: false });
    // Until the account has confirmed its address, the mails to that address may be a stranger's.
    expect(exported.mails).toEqual([]);
  });

  it('adds the mails in the outbox to the confirmed address', async () => {
    const { visitor, account } = await loggedIn();
    const db = await getDb();
    await db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [await userIdOf(account.email)]);
    const exported = (await (await visitor.call(accountExport, '/api/account/export')).json()) as { mails: { subject: string; text: string }[] };
    // The registration sent the confirmation link.
    expect(exported.mails.length).toBeGreaterThan(0);
    expect(exported.mails[0]).toMatchObject({ subject: expect.any(String), text: expect.any(String) });
  });
});
