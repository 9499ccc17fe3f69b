-- Order numbers that cannot be guessed (issue 33, docs/decisions/0055-order-numbers-and-deleted-accounts.md).
-- Until now the number was derived from the id ('KW-000042'), so anyone could count through every
-- order. From now on placeOrder writes a random number with a check symbol ('KW-7K4M-9QX3-T5DW',
-- src/lib/orders/order-number.ts); the numbers orders already have stay as they are, since customers
-- quote them and SEPA mandates carry them.
ALTER TABLE orders ALTER COLUMN order_number DROP EXPRESSION;
ALTER TABLE orders ALTER COLUMN order_number SET NOT NULL;

-- The mandate reference is the order number (decision 0052). It was derived from the id as well;
-- derived from the order number now, it keeps its value for every existing order.
ALTER TABLE orders DROP COLUMN mandate_reference;
ALTER TABLE orders ADD COLUMN mandate_reference text GENERATED ALWAYS AS (CASE WHEN sepa_mandate_at IS NOT NULL THEN order_number END) STORED;
