-- Legal declarations and request forms (issue 10, docs/decisions/0014-legal-forms.md).
-- Every row is a declaration as the visitor sent it, with the time of receipt; later steps
-- (identity confirmation, processing by an agent) only fill their own columns.

-- Mails may carry documents (the data-processing agreement): [{ filename, contentType, content }].
ALTER TABLE mail_outbox ADD COLUMN attachments jsonb;

-- Cancellations according to § 312k BGB (/vertraege-kuendigen).
CREATE TABLE cancellations (
  id                     bigserial   PRIMARY KEY,
  received_at            timestamptz NOT NULL DEFAULT now(),
  -- Set when a logged-in customer cancelled (SPEC §6): the account identifies them.
  user_id                uuid        REFERENCES users (id) ON DELETE SET NULL,
  contract_name          text        NOT NULL,
  type_of_cancellation   text        NOT NULL CHECK (type_of_cancellation IN ('regular', 'extraordinary')),
  cancellation_reason    text        NOT NULL DEFAULT '',
  -- 'earliest' (nothing chosen, or "as soon as possible") or 'date' (requested_end_date).
  end_of_contract_period text        NOT NULL CHECK (end_of_contract_period IN ('earliest', 'date')),
  requested_end_date     date,
  customer_id            text        NOT NULL DEFAULT '',
  order_id               text        NOT NULL DEFAULT '',
  firstname              text        NOT NULL DEFAULT '',
  lastname               text        NOT NULL DEFAULT '',
  street                 text        NOT NULL DEFAULT '',
  street_extra           text        NOT NULL DEFAULT '',
  postcode               text        NOT NULL DEFAULT '',
  locality               text        NOT NULL DEFAULT '',
  country                text        NOT NULL DEFAULT '',
  email                  text        NOT NULL,
  annotation             text        NOT NULL DEFAULT '',
  -- The link in the receipt mail confirms the identity; only the token's SHA-256 is kept.
  identity_token_hash    text        UNIQUE,
  identity_confirmed_at  timestamptz,
  -- Processing by an agent: the contract end that applies, and when the confirmation went out.
  status                 text        NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'processed')),
  contract_end_date      date,
  processed_at           timestamptz,
  CHECK ((end_of_contract_period = 'date') = (requested_end_date IS NOT NULL)),
  CHECK ((status = 'processed') = (contract_end_date IS NOT NULL AND processed_at IS NOT NULL))
);
CREATE INDEX cancellations_received_at ON cancellations (received_at);
CREATE INDEX cancellations_open ON cancellations (received_at) WHERE status = 'received';

-- Withdrawals according to § 355, § 356a BGB (/online-widerrufsformular).
CREATE TABLE withdrawals (
  id          bigserial   PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  contract    text        NOT NULL,
  name        text        NOT NULL,
  email       text        NOT NULL
);
CREATE INDEX withdrawals_received_at ON withdrawals (received_at);

-- Requests for the data-processing agreement, Art. 28 GDPR (/av-vertrag).
CREATE TABLE av_requests (
  id          bigserial   PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  customer_id bigint      NOT NULL,
  postal_code text        NOT NULL,
  email       text        NOT NULL
);
CREATE INDEX av_requests_received_at ON av_requests (received_at);

-- Order inquiries (/inquiry).
CREATE TABLE order_inquiries (
  id                        bigserial   PRIMARY KEY,
  received_at               timestamptz NOT NULL DEFAULT now(),
  name                      text        NOT NULL,
  email                     text        NOT NULL,
  customer_id               text        NOT NULL DEFAULT '',
  inquiry                   text        NOT NULL,
  maximum_budget_cents      bigint      CHECK (maximum_budget_cents >= 0),
  topic                     text        NOT NULL,
  rental_or_purchase        text        NOT NULL,
  features                  text[]      NOT NULL DEFAULT '{}',
  user_documentation        boolean     NOT NULL,
  source_code_documentation boolean     NOT NULL,
  admin_documentation       boolean     NOT NULL,
  interested_in             text        NOT NULL,
  service_level_agreement   boolean     NOT NULL,
  bugfixing                 boolean     NOT NULL,
  testing                   boolean     NOT NULL
);
CREATE INDEX order_inquiries_received_at ON order_inquiries (received_at);

-- Demo requests (/demo-anfordern).
CREATE TABLE demo_requests (
  id             bigserial   PRIMARY KEY,
  received_at    timestamptz NOT NULL DEFAULT now(),
  name           text        NOT NULL,
  email          text        NOT NULL,
  company        text        NOT NULL,
  product        text        NOT NULL,
  preferred_date date
);
CREATE INDEX demo_requests_received_at ON demo_requests (received_at);
