-- One reminder per invoice and level (issue 34, docs/decisions/0060-reminders-and-sepa-names.md).
-- Twenty agents' clicks at the same moment mailed twenty reminders: nothing kept a second one out.
-- The level is part of the key, so the database itself refuses a second reminder of a level, also
-- under concurrency (src/features/billing/server/agent-reminder.ts inserts with ON CONFLICT DO
-- NOTHING). Level 1 is today's friendly payment reminder; dunning levels (issue 38) add 2, 3, ….
ALTER TABLE invoice_reminders ADD COLUMN level smallint CHECK (level >= 1);

-- Reminders sent before: the first one of each invoice is its level 1. The repeats the race let
-- through were mailed, so they stay as the record of what went out, without a level (NULL is never
-- equal to another NULL, so they do not collide in the key below).
UPDATE invoice_reminders r SET level = 1
WHERE r.id = (SELECT min(f.id) FROM invoice_reminders f WHERE f.invoice_id = r.invoice_id);

-- Every reminder from now on names its level; NOT VALID leaves the repeats above as they were.
ALTER TABLE invoice_reminders ADD CONSTRAINT invoice_reminders_level_given CHECK (level IS NOT NULL) NOT VALID;
CREATE UNIQUE INDEX invoice_reminders_invoice_level ON invoice_reminders (invoice_id, level);
-- The key's index serves the look-ups by invoice too.
DROP INDEX invoice_reminders_invoice_id;
