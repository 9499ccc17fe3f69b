-- One figure per line for every customer (issue 34, docs/decisions/0059-billing-model.md): a
-- line's gross is the gross unit price × quantity × months, its net the net part of that gross.
-- A business line keeps its net in line_cents / period_cents (its invoices list net lines), and
-- now its gross beside it: the gross of a net rounded to the cent is not always the gross it came
-- from (105,00 € → 88,24 € → 105,01 €), so the gross cannot be worked out again from the net.
-- Rows written before keep what was charged under the old rule: a net line with its VAT added.
ALTER TABLE order_lines ADD COLUMN line_gross_cents integer CHECK (line_gross_cents >= 0);
ALTER TABLE contracts ADD COLUMN period_gross_cents integer CHECK (period_gross_cents >= 0);
ALTER TABLE invoice_lines ADD COLUMN line_gross_cents integer CHECK (line_gross_cents >= 0);

UPDATE order_lines l
SET line_gross_cents = CASE WHEN o.price_basis = 'net' THEN l.line_cents + round(l.line_cents * l.vat_percent / 100.0)::int ELSE l.line_cents END
FROM orders o WHERE o.id = l.order_id;

UPDATE contracts
SET period_gross_cents = CASE WHEN price_basis = 'net' THEN period_cents + round(period_cents * vat_percent / 100.0)::int ELSE period_cents END;

UPDATE invoice_lines l
SET line_gross_cents = CASE WHEN i.price_basis = 'net' THEN l.line_cents + round(l.line_cents * l.vat_percent / 100.0)::int ELSE l.line_cents END
FROM invoices i WHERE i.id = l.invoice_id;

ALTER TABLE order_lines ALTER COLUMN line_gross_cents SET NOT NULL;
ALTER TABLE contracts ALTER COLUMN period_gross_cents SET NOT NULL;
ALTER TABLE invoice_lines ALTER COLUMN line_gross_cents SET NOT NULL;
