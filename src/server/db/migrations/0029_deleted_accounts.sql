-- Deleted means gone for the next owner of the address (issue 33, docs/decisions/0055-order-numbers-and-deleted-accounts.md).
-- Deleting an account detaches its orders (user_id becomes NULL; they are kept for the statutory
-- periods, decision 0052). Without a mark they looked like guest orders, and a later account that
-- confirmed the same address was given them – the old account's orders, contracts and invoices.
-- The deletion marks them; src/server/orders/attach-to-account.ts never attaches a marked order.
-- Orders detached by a deletion before this migration cannot be told from guest orders any more.
ALTER TABLE orders ADD COLUMN account_deleted_at timestamptz;
