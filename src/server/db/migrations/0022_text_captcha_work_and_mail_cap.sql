-- The text captcha's digit words are read by a script as easily as by a screen reader
-- (docs/decisions/0040). Fetched without proof of work it serves the declarations only, which
-- must work without JavaScript (decision 0033); every other form needs one earned with work.
ALTER TABLE captchas ADD COLUMN declarations_only boolean NOT NULL DEFAULT false;

-- Mails with visitor-typed text to a visitor-typed address count against a daily cap per
-- recipient, so no form turns the site into a mailer for someone else's inbox.
ALTER TABLE mail_outbox ADD COLUMN visitor_addressed boolean NOT NULL DEFAULT false;
CREATE INDEX mail_outbox_visitor_recipient ON mail_outbox (lower(recipient), created_at) WHERE visitor_addressed;
