-- Idle timeout besides the absolute one (docs/decisions/0039, ASVS 3.3.2): a session unused for
-- longer than its idle limit is refused. The lookup moves last_seen_at in the same statement.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE sessions ADD COLUMN idle_seconds integer;
-- Sessions open now keep the idle limit of their kind: remembered ones lived longer than 12 hours.
UPDATE sessions SET idle_seconds = CASE WHEN expires_at - created_at > interval '12 hours' THEN 7 * 24 * 60 * 60 ELSE 30 * 60 END;
ALTER TABLE sessions ALTER COLUMN idle_seconds SET NOT NULL;
