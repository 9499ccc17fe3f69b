-- Contracts and the customer area (issue 19, docs/decisions/0027-contracts.md).

-- One contract per recurring order line (package, hosting, click dummy, support flat fee, each
-- domain), with the terms of its customer type. What it costs is the line's payment per billing
-- period, in the order's price basis; the end follows from src/lib/contracts/ends.ts.
CREATE TABLE contracts (
  id              bigserial   PRIMARY KEY,
  -- What the customer quotes ('V-000042'); derived from the id, so it is unique too.
  contract_number text        GENERATED ALWAYS AS ('V-' || lpad(id::text, 6, '0')) STORED UNIQUE,
  order_id        bigint      NOT NULL REFERENCES orders (id) ON DELETE RESTRICT,
  order_position  integer     NOT NULL,
  -- The account it belongs to: the ordering account, or the one that verified the order's address.
  user_id         uuid        REFERENCES users (id) ON DELETE SET NULL,
  customer_type   text        NOT NULL CHECK (customer_type IN ('consumer', 'business')),
  email           text        NOT NULL,
  product_id      text        NOT NULL,
  name            text        NOT NULL,
  quantity        integer     NOT NULL CHECK (quantity >= 1),
  price_basis     text        NOT NULL CHECK (price_basis IN ('gross', 'net')),
  period_cents    integer     NOT NULL CHECK (period_cents >= 0),
  vat_percent     smallint    NOT NULL,
  billing_months  smallint    NOT NULL CHECK (billing_months >= 1),
  minimum_months  smallint    NOT NULL CHECK (minimum_months >= 1),
  notice_days     smallint    NOT NULL CHECK (notice_days >= 0),
  starts_on       date        NOT NULL,
  -- Set by the cancellation that ends it (or an agent's correction, with its note).
  ends_on         date,
  cancellation_id bigint,
  end_note        text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (order_id, order_position)
);
CREATE INDEX contracts_user_id ON contracts (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX contracts_email ON contracts (lower(email));

-- Contracts of the orders placed so far, from the facts their lines state (migration 0014):
-- starting on the day of the order in Germany, priced gross, one unit of price per month or year.
INSERT INTO contracts (order_id, order_position, user_id, customer_type, email, product_id, name, quantity, price_basis,
                       period_cents, vat_percent, billing_months, minimum_months, notice_days, starts_on)
SELECT o.id, l.position, o.user_id, o.customer_type, o.email, l.product_id, l.name, l.quantity, o.price_basis,
       l.unit_cents * l.quantity * CASE WHEN l.unit = 'year' THEN l.billing_months / 12 ELSE l.billing_months END,
       l.vat_percent, l.billing_months, l.minimum_months, l.notice_days, (o.created_at AT TIME ZONE 'Europe/Berlin')::date
FROM order_lines l JOIN orders o ON o.id = l.order_id
WHERE l.billing_months IS NOT NULL
ORDER BY o.id, l.position;

-- A cancellation is matched to the contract it names (customer area, or number/e-mail on the
-- public form); the end computed on receipt is shown at once, the agent's processing confirms it.
ALTER TABLE cancellations
  ADD COLUMN contract_id       bigint REFERENCES contracts (id) ON DELETE SET NULL,
  ADD COLUMN computed_end_date date;
ALTER TABLE contracts ADD CONSTRAINT contracts_cancellation FOREIGN KEY (cancellation_id) REFERENCES cancellations (id) ON DELETE SET NULL;

-- Verified e-mail addresses: only a verified account sees the orders of its address and files
-- identity-confirmed cancellations. Agents are created by an operator; accounts linked to Google
-- were linked through a verified Google address (decision 0012).
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
UPDATE users SET email_verified_at = created_at WHERE user_type = 'agent' OR google_sub IS NOT NULL;

-- Confirmation links: only the token's hash is kept; a link works once and for 48 hours.
CREATE TABLE email_verifications (
  token_hash text        PRIMARY KEY,
  user_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX email_verifications_user_id ON email_verifications (user_id);

-- The contract confirmation on a durable medium (§ 312f Abs. 2 BGB): the PDF mailed with the
-- order confirmation, kept with the order as sent and downloadable from the customer area.
CREATE TABLE order_documents (
  order_id   bigint      NOT NULL REFERENCES orders (id) ON DELETE RESTRICT,
  kind       text        NOT NULL CHECK (kind IN ('contract-confirmation')),
  file_name  text        NOT NULL,
  content    bytea       NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (order_id, kind)
);
