-- Taxes per customer (issue 34, docs/decisions/0056-taxes-per-customer.md). An order's tax case is
-- decided once at the checkout (src/lib/tax.ts) and kept with the order and with each invoice:
-- 0 % alone does not say whether it is a reverse charge (EN 16931 category AE) or a supply not
-- taxable in Germany (O), and a later change of the rules must not rewrite what was invoiced.
-- Every order and invoice before this migration was taxed as a domestic supply: the default says so;
-- the code states the case of every new row.
ALTER TABLE orders ADD COLUMN tax_case text NOT NULL DEFAULT 'domestic'
  CHECK (tax_case IN ('domestic', 'eu-consumer', 'reverse-charge', 'not-taxable'));
-- Only a business has a place of supply abroad; a reverse charge needs the buyer's VAT ID (§ 14a Abs. 1 UStG).
ALTER TABLE orders ADD CONSTRAINT orders_tax_case_of_business
  CHECK (tax_case IN ('domestic', 'eu-consumer') OR customer_type = 'business');
ALTER TABLE orders ADD CONSTRAINT orders_reverse_charge_vat_id
  CHECK (tax_case <> 'reverse-charge' OR vat_id IS NOT NULL);

ALTER TABLE invoices ADD COLUMN tax_case text NOT NULL DEFAULT 'domestic'
  CHECK (tax_case IN ('domestic', 'eu-consumer', 'reverse-charge', 'not-taxable'));
-- No German VAT where the place of supply is abroad.
ALTER TABLE invoices ADD CONSTRAINT invoices_no_vat_abroad
  CHECK (tax_case IN ('domestic', 'eu-consumer') OR vat_cents = 0);
