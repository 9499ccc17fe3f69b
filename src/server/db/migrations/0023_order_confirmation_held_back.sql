-- The daily cap per recipient may hold an order's confirmation mail back (docs/decisions/0042).
-- A retried request (same Idempotency-Key) answers the placed order again and must say the same
-- about that mail as the first answer did.
ALTER TABLE orders ADD COLUMN confirmation_mailed boolean NOT NULL DEFAULT true;
