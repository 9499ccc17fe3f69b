-- Deletion that happens (issue 35, docs/decisions/0062-deletion-periods.md): a daily run deletes
-- what src/features/privacy/retention.ts says is due, and logs per run and kind how much.

-- The run's log: counts only, never what was deleted or whose it was.
CREATE TABLE retention_runs (
  id      bigserial   PRIMARY KEY,
  ran_at  timestamptz NOT NULL DEFAULT now(),
  -- The day the run deleted for, and per kind the cut-off: what happened before it was due.
  run_on  date        NOT NULL,
  kind    text        NOT NULL,
  cutoff  date        NOT NULL,
  deleted integer     NOT NULL CHECK (deleted >= 0)
);
CREATE INDEX retention_runs_ran_at ON retention_runs (ran_at);

-- Migration 0025 refused every change and every deletion of an issued invoice, its lines and
-- documents. A change stays refused. A deletion is refused until the statutory period has ended:
-- 8 years from the end of the calendar year of issue (§ 147 Abs. 1 Nr. 4, Abs. 3 und 4 AO,
-- § 14b Abs. 1 UStG) – the same period as the 'invoices' rule of retention.ts, measured on the
-- database's own clock in Köln, so no caller can pass a later "today".
CREATE FUNCTION invoice_retention_ended(issued_on date) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT issued_on < make_date(extract(year FROM (now() AT TIME ZONE 'Europe/Berlin'))::int - 8, 1, 1)
$$;

CREATE FUNCTION invoice_kept_until_period_ends() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  issued date;
BEGIN
  IF TG_TABLE_NAME = 'invoices' THEN
    issued := OLD.issued_on;
  ELSE
    SELECT i.issued_on INTO issued FROM invoices i WHERE i.id = OLD.invoice_id;
  END IF;
  IF issued IS NULL OR NOT invoice_retention_ended(issued) THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001',
      MESSAGE = 'Eine Rechnung wird bis zum Ende ihrer Aufbewahrungsfrist (§ 147 AO, § 14b UStG) nicht gelöscht.';
  END IF;
  RETURN OLD;
END
$$;

DROP TRIGGER invoices_final ON invoices;
DROP TRIGGER invoice_lines_final ON invoice_lines;
DROP TRIGGER invoice_documents_final ON invoice_documents;
CREATE TRIGGER invoices_final BEFORE UPDATE ON invoices FOR EACH ROW EXECUTE FUNCTION invoice_is_final();
CREATE TRIGGER invoice_lines_final BEFORE UPDATE ON invoice_lines FOR EACH ROW EXECUTE FUNCTION invoice_is_final();
CREATE TRIGGER invoice_documents_final BEFORE UPDATE ON invoice_documents FOR EACH ROW EXECUTE FUNCTION invoice_is_final();
CREATE TRIGGER invoices_kept BEFORE DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoice_kept_until_period_ends();
CREATE TRIGGER invoice_lines_kept BEFORE DELETE ON invoice_lines FOR EACH ROW EXECUTE FUNCTION invoice_kept_until_period_ends();
CREATE TRIGGER invoice_documents_kept BEFORE DELETE ON invoice_documents FOR EACH ROW EXECUTE FUNCTION invoice_kept_until_period_ends();

-- The run finds the mails that are due by their age; the export finds an account's declarations.
CREATE INDEX mail_outbox_created_at ON mail_outbox (created_at);
CREATE INDEX withdrawals_user_id ON withdrawals (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX cancellations_user_id ON cancellations (user_id) WHERE user_id IS NOT NULL;
