-- Issue 25: background housekeeping that must run on one process at a time (folding the staff day totals,
-- purging rate counters, the reserved-account and KYC-hold sweeps, the periodic ledger check) is done by
-- whichever worker process holds the job's lease. A holder renews its lease while it works; another process
-- takes the job over only once the lease has run out (its holder stopped or died).
CREATE TABLE job_leases (
  name text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9-]{0,62}$'),
  -- host:pid of the process holding the lease.
  holder text NOT NULL,
  leased_until timestamptz NOT NULL,
  -- When this holder took the job (stays put while it renews): a takeover shows as a new holder and time.
  taken_at timestamptz NOT NULL DEFAULT now(),
  -- Passes run under the lease since it was taken.
  passes bigint NOT NULL DEFAULT 0
);
