-- Security check: the replay store of spent hashcash tasks and the issued captchas.

-- A task id lands here when a form submission spends it; the primary key makes a second
-- spend (also a concurrent one) fail. Rows are useless after the task's expiry.
CREATE TABLE hashcash_spent (
  task_id    text        PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX hashcash_spent_expires_at ON hashcash_spent (expires_at);

-- One captcha per visitor at a time. The answer is not stored: it is derived from the
-- server secret and the id, and compared in constant time.
CREATE TABLE captchas (
  id              text        PRIMARY KEY,
  visitor_hash    text        NOT NULL,
  mode            text        NOT NULL CHECK (mode IN ('image', 'text')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  expires_at      timestamptz NOT NULL,
  failed_attempts integer     NOT NULL DEFAULT 0,
  solved_at       timestamptz,
  used_at         timestamptz
);
CREATE INDEX captchas_visitor ON captchas (visitor_hash);
CREATE INDEX captchas_expires_at ON captchas (expires_at);
