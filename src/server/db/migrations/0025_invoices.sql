-- Invoices (issue 24, docs/decisions/0052-invoices.md): every one-off order line and every
-- billing period of a contract is invoiced once, in advance; an invoice is stored as issued and
-- never changed – a correction is a cancellation invoice (Stornorechnung) that refers to it.

-- What a business customer asked for at the checkout: a ZUGFeRD/Factur-X PDF by default, an
-- XRechnung (CII or UBL) for public customers, who name their Leitweg-ID (BT-10). Consumers get a PDF.
ALTER TABLE orders
  ADD COLUMN invoice_format text NOT NULL DEFAULT 'pdf'
    CHECK (invoice_format IN ('pdf', 'factur-x', 'xrechnung-cii', 'xrechnung-ubl')),
  ADD COLUMN leitweg_id text,
  -- The SEPA mandate the order gave (one per order): its reference, quoted in every pre-notification
  -- and direct debit, is the order number, as the checkout and the order confirmation say – unique
  -- and never changing, like the order number it is derived the same way.
  ADD COLUMN mandate_reference text GENERATED ALWAYS AS (CASE WHEN sepa_mandate_at IS NOT NULL THEN 'KW-' || lpad(id::text, 6, '0') END) STORED;
UPDATE orders SET invoice_format = 'factur-x' WHERE customer_type = 'business';
ALTER TABLE orders ADD CONSTRAINT orders_invoice_format CHECK ((customer_type = 'consumer') = (invoice_format = 'pdf'));

-- Orders placed before invoicing went live were invoiced by hand: the billing run starts with their
-- billing periods that begin from today. NULL for every order from now on: invoiced from the start.
ALTER TABLE orders ADD COLUMN billed_from date;
UPDATE orders SET billed_from = (now() AT TIME ZONE 'Europe/Berlin')::date;

-- A withdrawal that names an order of its sender (number and address) is matched on receipt: the
-- order's contracts end and its invoices are cancelled (decision 0052).
ALTER TABLE withdrawals ADD COLUMN order_id bigint REFERENCES orders (id) ON DELETE RESTRICT;

-- Invoice numbers without gaps (§ 14 Abs. 4 Nr. 4 UStG): one counter row, moved by the transaction
-- that issues the invoice – a rolled-back issue rolls the number back with it, and concurrent
-- issuers wait for each other on the row lock.
CREATE TABLE invoice_counter (
  singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  last_number bigint  NOT NULL CHECK (last_number >= 0)
);
INSERT INTO invoice_counter (last_number) VALUES (0);

CREATE TABLE invoices (
  id                bigserial   PRIMARY KEY,
  invoice_number    text        NOT NULL UNIQUE,
  kind              text        NOT NULL CHECK (kind IN ('invoice', 'cancellation')),
  -- The invoice a cancellation invoice corrects.
  cancels_id        bigint      REFERENCES invoices (id) ON DELETE RESTRICT,
  order_id          bigint      NOT NULL REFERENCES orders (id) ON DELETE RESTRICT,
  issued_on         date        NOT NULL,
  due_on            date        NOT NULL,
  service_start     date        NOT NULL,
  service_end       date        NOT NULL,
  customer_type     text        NOT NULL CHECK (customer_type IN ('consumer', 'business')),
  price_basis       text        NOT NULL CHECK (price_basis IN ('gross', 'net')),
  -- The buyer as invoiced (name, company, address, e-mail, VAT id, Leitweg-ID): a later change of
  -- the account or the order never rewrites an issued invoice.
  buyer             jsonb       NOT NULL,
  payment_method    text        NOT NULL CHECK (payment_method IN ('transfer', 'sepa', 'paypal')),
  mandate_reference text,
  debit_on          date,
  format            text        NOT NULL CHECK (format IN ('pdf', 'factur-x', 'xrechnung-cii', 'xrechnung-ubl')),
  -- Amounts as positive cents (a cancellation invoice: what is refunded), VAT per rate as issued.
  net_cents         integer     NOT NULL CHECK (net_cents >= 0),
  vat_cents         integer     NOT NULL CHECK (vat_cents >= 0),
  gross_cents       integer     NOT NULL CHECK (gross_cents = net_cents + vat_cents),
  by_rate           jsonb       NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'cancellation') = (cancels_id IS NOT NULL)),
  CHECK ((payment_method = 'sepa') = (mandate_reference IS NOT NULL AND debit_on IS NOT NULL)),
  CHECK (service_start <= service_end)
);
CREATE INDEX invoices_order_id ON invoices (order_id);
CREATE INDEX invoices_issued_on ON invoices (issued_on);
CREATE INDEX invoices_cancels_id ON invoices (cancels_id) WHERE cancels_id IS NOT NULL;

CREATE TABLE invoice_lines (
  invoice_id     bigint   NOT NULL REFERENCES invoices (id) ON DELETE RESTRICT,
  position       integer  NOT NULL CHECK (position >= 1),
  -- A line of a cancellation invoice: the part of a billed line that is refunded.
  credit         boolean  NOT NULL,
  order_id       bigint   NOT NULL REFERENCES orders (id) ON DELETE RESTRICT,
  order_position integer  NOT NULL,
  contract_id    bigint   REFERENCES contracts (id) ON DELETE RESTRICT,
  -- The billing period of a contract line; NULL for a one-off line.
  period_start   date,
  period_end     date,
  name           text     NOT NULL,
  unit           text     NOT NULL CHECK (unit IN ('once', 'hour', 'period')),
  quantity       integer  NOT NULL CHECK (quantity >= 1),
  unit_cents     integer  NOT NULL CHECK (unit_cents >= 0),
  line_cents     integer  NOT NULL CHECK (line_cents = unit_cents * quantity),
  vat_percent    smallint NOT NULL CHECK (vat_percent BETWEEN 0 AND 100),
  PRIMARY KEY (invoice_id, position),
  CHECK ((period_start IS NULL) = (period_end IS NULL) AND (period_start IS NULL) = (contract_id IS NULL))
);
-- Each order line and each billing period is invoiced once, and refunded at most once, whatever
-- runs at the same time: the second insert fails and its transaction (with its number) rolls back.
CREATE UNIQUE INDEX invoice_lines_billed_once ON invoice_lines (order_id, order_position, period_start) NULLS NOT DISTINCT WHERE NOT credit;
CREATE UNIQUE INDEX invoice_lines_credited_once ON invoice_lines (order_id, order_position, period_start) NULLS NOT DISTINCT WHERE credit;
CREATE INDEX invoice_lines_contract ON invoice_lines (contract_id) WHERE contract_id IS NOT NULL;

-- The documents as sent: 'pdf' always (for a ZUGFeRD invoice the PDF/A-3 with its XML, for an
-- XRechnung a readable copy), 'xml' for an XRechnung, which is the invoice itself.
CREATE TABLE invoice_documents (
  invoice_id   bigint NOT NULL REFERENCES invoices (id) ON DELETE RESTRICT,
  kind         text   NOT NULL CHECK (kind IN ('pdf', 'xml')),
  file_name    text   NOT NULL,
  content_type text   NOT NULL,
  content      bytea  NOT NULL,
  PRIMARY KEY (invoice_id, kind)
);

-- An issued invoice, its lines and documents are kept for 8 years (§ 147 AO, § 14b UStG) as they
-- were issued: the database itself refuses to change or delete them.
CREATE FUNCTION invoice_is_final() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'Eine ausgestellte Rechnung wird nicht geändert; eine Korrektur ist eine Stornorechnung.';
END
$$;
CREATE TRIGGER invoices_final BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoice_is_final();
CREATE TRIGGER invoice_lines_final BEFORE UPDATE OR DELETE ON invoice_lines FOR EACH ROW EXECUTE FUNCTION invoice_is_final();
CREATE TRIGGER invoice_documents_final BEFORE UPDATE OR DELETE ON invoice_documents FOR EACH ROW EXECUTE FUNCTION invoice_is_final();

-- What happens to an invoice afterwards lives beside it: the payment an agent records (or the
-- cancellation invoice that settles it), and the reminders sent.
CREATE TABLE invoice_payments (
  invoice_id  bigint      PRIMARY KEY REFERENCES invoices (id) ON DELETE RESTRICT,
  received_on date        NOT NULL,
  recorded_by uuid        REFERENCES users (id) ON DELETE SET NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invoice_reminders (
  id         bigserial   PRIMARY KEY,
  invoice_id bigint      NOT NULL REFERENCES invoices (id) ON DELETE RESTRICT,
  sent_by    uuid        REFERENCES users (id) ON DELETE SET NULL,
  sent_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoice_reminders_invoice_id ON invoice_reminders (invoice_id);

-- SEPA collection files (pain.008) an agent downloaded for the bank: a direct debit is in one file
-- only, so downloading again never collects twice; each file can be fetched again as it was.
CREATE TABLE sepa_exports (
  id         bigserial   PRIMARY KEY,
  created_by uuid        REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  file_name  text        NOT NULL,
  content    bytea       NOT NULL
);
CREATE TABLE sepa_export_invoices (
  invoice_id bigint PRIMARY KEY REFERENCES invoices (id) ON DELETE RESTRICT,
  export_id  bigint NOT NULL REFERENCES sepa_exports (id) ON DELETE RESTRICT
);
CREATE INDEX sepa_export_invoices_export_id ON sepa_export_invoices (export_id);
