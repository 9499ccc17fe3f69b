-- Google sign-in (docs/decisions/0012): the Google account an account is linked to. Google's
-- subject id is stable while the e-mail address may change, so a returning visitor is found by it.
ALTER TABLE users ADD COLUMN google_sub text UNIQUE;

-- The replay store of finished sign-in attempts: the hash of each state lands here once, so a
-- callback URL replayed with a copied flow cookie is refused before the code reaches Google.
-- Rows are useless after the flow cookie's expiry.
CREATE TABLE google_sign_in_spent (
  state_hash text        PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX google_sign_in_spent_expires_at ON google_sign_in_spent (expires_at);
