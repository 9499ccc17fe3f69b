-- When an order's services begin (issue 20, docs/decisions/0034-early-start-choice.md): the day of
-- the order, or for a consumer who did not ask for an early start the day after the withdrawal
-- period (src/lib/contracts/service-start.ts). Stored as the customer was told it, so a later
-- change of the rules or the holidays never rewrites what an order said.
ALTER TABLE orders ADD COLUMN services_start_on date;

-- Every order before this one asked for the early start (consumers had to) or came from a business:
-- its services began on the day of the order in Germany, as its contracts did.
UPDATE orders SET services_start_on = (created_at AT TIME ZONE 'Europe/Berlin')::date;

-- placeOrder always names the day; an order stored otherwise (an import, a fixture) starts on the
-- day it is stored, like the orders above.
ALTER TABLE orders
  ALTER COLUMN services_start_on SET DEFAULT ((now() AT TIME ZONE 'Europe/Berlin')::date),
  ALTER COLUMN services_start_on SET NOT NULL;
