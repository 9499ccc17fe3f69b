-- Issue 21 (decision 0037): every rate limit becomes a token bucket that is counted and decided
-- in one statement. The fixed windows of 0001 let twice the limit through around a window's end
-- and were read before they were counted; their counters are short-lived, so they simply go.
DROP TABLE rate_limit_hits;

-- One row per rule and client key (a SHA-256 of both, never a raw IP or address). full_at is
-- when the bucket has all its tokens back (the "theoretical arrival time" of GCRA); a row whose
-- full_at has passed says nothing any more and may be deleted. admitted is the decision of the
-- latest hit, since RETURNING sees only the row after the update.
CREATE TABLE rate_limit_buckets (
  key_hash text        PRIMARY KEY,
  full_at  timestamptz NOT NULL,
  admitted boolean     NOT NULL
);
CREATE INDEX rate_limit_buckets_full_at ON rate_limit_buckets (full_at);
