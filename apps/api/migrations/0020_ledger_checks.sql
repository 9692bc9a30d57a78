-- Issue 25: each run of the ledger check (the worker role's periodic one and `npm run ledger:check`) is
-- recorded, so that operators and the metrics endpoint see when the ledger was last checked and what it found.
CREATE TABLE ledger_checks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  checked_at timestamptz NOT NULL DEFAULT now(),
  sound boolean NOT NULL,
  entries integer NOT NULL CHECK (entries >= 0),
  wallets integer NOT NULL CHECK (wallets >= 0),
  -- Unbalanced entries plus wallets whose stored balance differs from their postings.
  differences integer NOT NULL CHECK (differences >= 0),
  -- Who ran it: "worker" (the periodic check) or "cli" (npm run ledger:check).
  source text NOT NULL DEFAULT 'worker' CHECK (source IN ('worker', 'cli'))
);
CREATE INDEX ledger_checks_checked_at_idx ON ledger_checks (checked_at DESC);
