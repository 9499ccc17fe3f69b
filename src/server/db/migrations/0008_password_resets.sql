-- Password-reset links (issue 6): only a hash of the token is stored; a link works once and for one hour.
CREATE TABLE password_resets (
  token_hash text        PRIMARY KEY,
  user_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX password_resets_user_id ON password_resets (user_id);
