-- One invoice state (issue 34, docs/decisions/0058-invoice-state.md): computed by one pure function
-- from the facts of an invoice's ledger. Two facts were missing: how much money a recorded payment
-- (or refund) was, and how much a SEPA file collects for an invoice. Both are stored from now on.

-- The amount an agent's record stands for: of an invoice, what was open when the money came (for
-- a debit in a file, what the file collected); of a cancellation invoice, the refund paid out.
ALTER TABLE invoice_payments ADD COLUMN amount_cents integer CHECK (amount_cents >= 0);
-- The amount the direct debit collects, as written into the file.
ALTER TABLE sepa_export_invoices ADD COLUMN amount_cents integer CHECK (amount_cents >= 0);

-- Files made before: the invoice less what cancellation invoices issued before the file credited
-- (the amount the export planned, src/features/billing/server/agent-sepa.ts of issue 24).
UPDATE sepa_export_invoices e
SET amount_cents = greatest(0, i.gross_cents - coalesce((SELECT sum(c.gross_cents) FROM invoices c WHERE c.cancels_id = i.id AND c.created_at < x.created_at), 0))
FROM invoices i, sepa_exports x
WHERE i.id = e.invoice_id AND x.id = e.export_id;

-- Payments recorded before: what the file collected when the debit went out first, else the invoice
-- less what was credited before the record. A refund recorded on a cancellation invoice paid out its
-- amount when the invoice had been paid, and nothing otherwise (there was nothing to pay back).
UPDATE invoice_payments p
SET amount_cents = CASE
  WHEN i.kind = 'invoice' THEN coalesce(
    (SELECT e.amount_cents FROM sepa_export_invoices e JOIN sepa_exports x ON x.id = e.export_id WHERE e.invoice_id = i.id AND x.created_at <= p.recorded_at),
    greatest(0, i.gross_cents - coalesce((SELECT sum(c.gross_cents) FROM invoices c WHERE c.cancels_id = i.id AND c.created_at < p.recorded_at), 0)))
  WHEN EXISTS (SELECT 1 FROM invoice_payments q WHERE q.invoice_id = i.cancels_id) THEN i.gross_cents
  ELSE 0
END
FROM invoices i
WHERE i.id = p.invoice_id;

ALTER TABLE invoice_payments ALTER COLUMN amount_cents SET NOT NULL;
ALTER TABLE sepa_export_invoices ALTER COLUMN amount_cents SET NOT NULL;

-- The order's own payment status is retired: it disagreed with the invoices it was meant to sum up.
-- Whether an order is paid is read from its invoices; payments are recorded on an invoice.
ALTER TABLE orders DROP COLUMN payment_status, DROP COLUMN paid_at;
