-- Prices and terms that hold (issue 18, docs/decisions/0025-price-source.md): an order records
-- what is due now and what recurs by billing rhythm, the price basis of its customer type, the
-- contract facts of every line and the AGB version the customer accepted.
--
-- Orders placed before this migration keep what their customer was shown: their total_cents is
-- the sum of one unit of every line (schedule IS NULL marks them), their lines keep unit_cents
-- and line_cents as they were; the contract facts are filled in where the old texts state them.

ALTER TABLE orders
  -- 'gross' for consumers (gross prices, VAT contained), 'net' for businesses (net prices, VAT added).
  ADD COLUMN price_basis text,
  -- The amounts by billing rhythm as the customer was shown them (src/lib/prices/amounts.ts Schedule):
  -- { "dueNow": Amount, "recurring": [{ "everyMonths": 6, "amount": Amount }, ...] }, each Amount
  -- { grossCents, netCents, vatCents, byRate: [{ percent, netCents, vatCents }] }.
  ADD COLUMN schedule jsonb,
  -- The AGB the customer accepted: 'Stand' and the start of the text's SHA-256 ('2026-11-24/0a1b2c3d4e5f').
  ADD COLUMN agb_version text;

-- Every order so far was priced gross and accepted the AGB of 18.03.2023, the only version before.
UPDATE orders SET price_basis = 'gross', agb_version = '2023-03-18';

ALTER TABLE orders
  ALTER COLUMN price_basis SET NOT NULL,
  ALTER COLUMN agb_version SET NOT NULL,
  ADD CONSTRAINT orders_price_basis CHECK (price_basis IN ('gross', 'net')),
  -- From now on total/net/vat are what is due now: one-off items plus the first billing period.
  ADD CONSTRAINT orders_amounts CHECK (total_cents = net_cents + vat_cents);

ALTER TABLE order_lines
  ADD COLUMN unit_net_cents integer CHECK (unit_net_cents >= 0),
  ADD COLUMN vat_percent smallint NOT NULL DEFAULT 19 CHECK (vat_percent BETWEEN 0 AND 100),
  -- The contract of a recurring line; NULL for one-off items and hours.
  ADD COLUMN minimum_months smallint CHECK (minimum_months >= 1),
  ADD COLUMN billing_months smallint CHECK (billing_months >= 1),
  ADD COLUMN notice_days smallint CHECK (notice_days >= 0);

COMMENT ON COLUMN order_lines.unit_cents IS 'One unit in the order''s price basis (gross or net).';
COMMENT ON COLUMN order_lines.line_cents IS
  'One payment of the line in the order''s price basis: once, or one billing period in advance. Orders with schedule IS NULL: unit × quantity.';

-- Old lines were priced gross at 19 %.
UPDATE order_lines SET unit_net_cents = round(unit_cents * 100.0 / 119);

-- The old texts state the term: '6 Monate' / '1 Monat' / '1 Jahr'; packages were paid per term,
-- with 10 days' notice, domains yearly with 14 (the catalogue of migration 0006's time).
UPDATE order_lines
SET minimum_months = CASE WHEN minimum_term ~ '^\d+ Jahre?$' THEN 12 * split_part(minimum_term, ' ', 1)::int
                          ELSE split_part(minimum_term, ' ', 1)::int END,
    billing_months = CASE WHEN minimum_term ~ '^\d+ Jahre?$' THEN 12 * split_part(minimum_term, ' ', 1)::int
                          ELSE split_part(minimum_term, ' ', 1)::int END,
    notice_days = CASE WHEN unit = 'year' THEN 14 ELSE 10 END
WHERE unit IN ('month', 'year') AND minimum_term ~ '^\d+ (Monate?|Jahre?)$';

ALTER TABLE order_lines
  ALTER COLUMN unit_net_cents SET NOT NULL,
  ALTER COLUMN vat_percent DROP DEFAULT,
  ADD CONSTRAINT order_lines_term CHECK ((minimum_months IS NULL) = (billing_months IS NULL) AND (billing_months IS NULL) = (notice_days IS NULL));
