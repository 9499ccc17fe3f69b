import { describe, expect, it } from 'vitest';
import account from '../../../netlify/functions/account.mts';
import accountExport from '../../../netlify/functions/account-export.mts';
import invoiceDocument from '../../../netlify/functions/account-invoice-document.mts';
import orderConfirmation from '../../../netlify/functions/account-order-confirmation.mts';
import overview from '../../../netlify/functions/account-overview.mts';
import confirm from '../../../netlify/functions/auth-confirm-email.mts';
import type { AccountOverview } from '../../../src/lib/contracts/overview.ts';
import { getDb } from '../../../src/server/db/index.ts';
import { issueFixtureInvoice } from '../../support/customer-invoice-fixture.ts';
import { ownersOf, placeOrder } from '../auth/guest-orders.ts';
import { confirmationToken, loggedIn, newAccount, post, primed } from '../auth/helpers.ts';
import type { Visitor } from '../http/visitor.ts';

/**
 * Issue 33 item 5: deleting an account detaches its orders, which are kept for the statutory periods.
 * A later account that registers and confirms the same address must not be given them – nor their
 * contracts, invoices or contract confirmations – while agents still reach them.
 */

async function confirmAddress(email: string): Promise<void> {
  expect((await post(await primed(), confirm, '/api/auth/confirm-email', { token: await confirmationToken(email) })).status).toBe(200);
}

async function overviewOf(visitor: Visitor): Promise<AccountOverview> {
  const response = await visitor.call(overview, '/api/account/overview');
  expect(response.status).toBe(200);
  return (await response.json()) as AccountOverview;
}

describe('a deleted account and the next owner of its address', () => {
  it('sees none of the deleted account’s orders, contracts, invoices or documents; agents still have them', async () => {
    const first = newAccount();
    const { visitor: before } = await loggedIn(first);
    await confirmAddress(first.email);
    // One order placed while logged in, one as a guest under the confirmed address: both the account's.
    const ordered = await placeOrder(first.email, before);
    const asGuest = await placeOrder(first.email.toUpperCase());
    const db = await getDb();
    const invoice = await issueFixtureInvoice(db, ordered);
    expect((await overviewOf(before)).orders.map((order) => order.orderNumber).sort()).toEqual([ordered, asGuest].sort());

    const deleted = await before.call(account, '/api/account', { method: 'DELETE', json: { password: first.password } });
    expect(deleted.status).toBe(204);
    // Kept, with nobody's name on them.
    expect(await ownersOf(ordered)).toEqual({ order: null, contracts: [null] });
    expect(await ownersOf(asGuest)).toEqual({ order: null, contracts: [null] });

    // The address gets a new account, which confirms it: the old history does not come with it.
    const { visitor: after } = await loggedIn({ ...newAccount(), email: first.email });
    await confirmAddress(first.email);
    expect(await ownersOf(ordered)).toEqual({ order: null, contracts: [null] });
    expect(await ownersOf(asGuest)).toEqual({ order: null, contracts: [null] });
    const seen = await overviewOf(after);
    expect(seen).toMatchObject({ emailVerified: true, orders: [], contracts: [], invoices: [] });
    const exported = (await (await after.call(accountExport, '/api/account/export')).json()) as { orders: unknown[]; contracts: unknown[]; invoices: unknown[] };
    expect(exported).toMatchObject({ orders: [], contracts: [], invoices: [] });
    const pdf = await after.call(orderConfirmation, `/api/account/orders/${ordered}/confirmation`, { params: { orderNumber: ordered } });
    expect(pdf.status).toBe(404);
    const invoicePdf = await after.call(invoiceDocument, `/api/account/invoices/${invoice.number}/document`, { params: { invoiceNumber: invoice.number } });
    expect(invoicePdf.status).toBe(404);

    // What the new owner orders from now on is theirs, as for any confirmed address.
    const later = await placeOrder(first.email);
    expect((await overviewOf(after)).orders.map((order) => order.orderNumber)).toEqual([later]);

    // The invoice is kept for the statutory period and stays with its order for the agents.
    const kept = await db.query<{ order_number: string }>('SELECT o.order_number FROM invoices i JOIN orders o ON o.id = i.order_id WHERE i.invoice_number = $1', [
      invoice.number,
    ]);
    expect(kept.rows).toEqual([{ order_number: ordered }]);
  });
});
