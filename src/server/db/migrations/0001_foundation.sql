-- Foundation: request throttling and the mail outbox.

-- Fixed-window counters shared by every function instance (ARCHITECTURE §4: throttling
-- stored in Postgres). The key is a SHA-256 of rule name and client key, never a raw IP.
CREATE TABLE rate_limit_hits (
  key_hash     text        NOT NULL,
  window_start timestamptz NOT NULL,
  hits         integer     NOT NULL,
  expires_at   timestamptz NOT NULL,
  PRIMARY KEY (key_hash, window_start)
);
CREATE INDEX rate_limit_hits_expires_at ON rate_limit_hits (expires_at);

-- Every mail the site sends is written here first, in the same transaction as the
-- business change that causes it, then delivered; failures are retried with backoff.
CREATE TABLE mail_outbox (
  id              bigserial   PRIMARY KEY,
  recipient       text        NOT NULL,
  subject         text        NOT NULL,
  text_body       text        NOT NULL,
  html_body       text,
  reply_to        text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  attempts        integer     NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error      text,
  sent_at         timestamptz,
  message_id      text
);
CREATE INDEX mail_outbox_pending ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL;
