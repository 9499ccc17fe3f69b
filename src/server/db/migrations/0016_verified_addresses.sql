-- Verified e-mail addresses (issue 19, docs/decisions/0029-verified-email.md).

-- Confirming an address looks for the guest orders of that address (src/server/orders/attach-to-account.ts);
-- only orders without an account are searched, so the index holds just those.
CREATE INDEX orders_guest_email ON orders (lower(email)) WHERE user_id IS NULL;

-- Accounts that migration 0015 counted as verified (agents, accounts linked to Google) get the
-- guest orders and contracts of their address now, as a confirmation would give them from here on.
UPDATE orders o SET user_id = u.id
FROM users u
WHERE o.user_id IS NULL AND u.email_verified_at IS NOT NULL AND lower(o.email) = lower(u.email);

UPDATE contracts c SET user_id = u.id
FROM users u
WHERE c.user_id IS NULL AND u.email_verified_at IS NOT NULL AND lower(c.email) = lower(u.email);
