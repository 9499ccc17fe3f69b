-- Inquiries from the contact form and the configurator (POST /api/inquiry).
CREATE TABLE inquiries (
  id         bigserial   PRIMARY KEY,
  kind       text        NOT NULL CHECK (kind IN ('contact', 'configurator')),
  name       text        NOT NULL,
  email      text        NOT NULL,
  subject    text        NOT NULL DEFAULT '',
  message    text        NOT NULL,
  -- Form-specific details (configurator state, click dummies); the contact form has none.
  details    jsonb       NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inquiries_created_at ON inquiries (created_at);
