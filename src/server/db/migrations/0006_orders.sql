-- Orders from /checkout (POST /api/orders), docs/decisions/0013-cart-and-orders.md.
-- Money in integer cents, gross; the VAT included is stored as worked out on the total.
CREATE TABLE orders (
  id                       bigserial   PRIMARY KEY,
  -- What the customer sees and quotes ('KW-000042'); derived from the id, so it is unique too.
  order_number             text        GENERATED ALWAYS AS ('KW-' || lpad(id::text, 6, '0')) STORED UNIQUE,
  -- SHA-256 of the visitor id and the Idempotency-Key header: a repeated submit finds its order
  -- here, and the UNIQUE constraint lets only one of several concurrent submits insert.
  idempotency_key_hash     text        NOT NULL UNIQUE,
  -- SHA-256 of the validated request: the same key with a different order is refused.
  request_hash             text        NOT NULL,
  user_id                  uuid        REFERENCES users (id) ON DELETE SET NULL,
  customer_type            text        NOT NULL CHECK (customer_type IN ('consumer', 'business')),
  company                  text,
  vat_id                   text,
  name                     text        NOT NULL,
  street                   text        NOT NULL,
  postal_code              text        NOT NULL,
  city                     text        NOT NULL,
  country                  text        NOT NULL,
  email                    text        NOT NULL,
  payment_method           text        NOT NULL CHECK (payment_method IN ('invoice', 'sepa', 'paypal')),
  -- 'open': invoice or direct debit follows; 'awaiting_payment': the customer still has to pay (PayPal).
  payment_status           text        NOT NULL CHECK (payment_status IN ('open', 'awaiting_payment', 'paid')),
  iban                     text,
  total_cents              integer     NOT NULL CHECK (total_cents >= 0),
  net_cents                integer     NOT NULL CHECK (net_cents >= 0),
  vat_cents                integer     NOT NULL CHECK (vat_cents >= 0),
  agb_accepted_at          timestamptz NOT NULL,
  -- § 356 Abs. 4 BGB: a consumer's request to start before the withdrawal period ends and the
  -- acknowledgement of losing the right of withdrawal, each with its own timestamp.
  early_start_requested_at timestamptz,
  withdrawal_waiver_at     timestamptz,
  sepa_mandate_at          timestamptz,
  created_at               timestamptz NOT NULL DEFAULT now(),
  CHECK ((payment_method = 'sepa') = (iban IS NOT NULL AND sepa_mandate_at IS NOT NULL)),
  CHECK ((customer_type = 'business') = (company IS NOT NULL))
);
CREATE INDEX orders_user_id ON orders (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX orders_created_at ON orders (created_at);

CREATE TABLE order_lines (
  order_id     bigint  NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position     integer NOT NULL CHECK (position >= 1),
  -- The cart id as ordered, including a parameter such as the domain name ('domain-de:müller-bau').
  product_id   text    NOT NULL,
  -- Name, unit, term and price as they were when ordered: the catalogue may change later.
  name         text    NOT NULL,
  unit         text    NOT NULL CHECK (unit IN ('hour', 'month', 'once', 'year')),
  term         text    NOT NULL,
  minimum_term text    NOT NULL,
  unit_cents   integer NOT NULL CHECK (unit_cents >= 0),
  quantity     integer NOT NULL CHECK (quantity >= 1),
  line_cents   integer NOT NULL CHECK (line_cents >= 0),
  PRIMARY KEY (order_id, position)
);
