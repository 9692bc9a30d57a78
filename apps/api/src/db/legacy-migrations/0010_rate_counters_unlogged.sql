-- The database's rate-limit counters (plugins/rate-limits.ts) at 64 concurrent look-ups from one client
-- (issue 8): each hit was a transaction holding an advisory lock on the key through four round trips
-- and a WAL flush, so the requests of one client passed one at a time (about 600 a second). Now a hit
-- is one statement on one row per key, and the table is UNLOGGED: counters are not worth a disk flush
-- (after a crash they start again from zero), and a transaction writing only such a table commits
-- without waiting for one. The counts in the old table are a minute's worth: they are not carried over.
DROP TABLE rate_counters;
CREATE UNLOGGED TABLE rate_counters (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);
CREATE INDEX rate_counters_window_idx ON rate_counters (window_start);
