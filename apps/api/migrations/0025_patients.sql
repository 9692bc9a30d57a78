-- The patient register (issue 36): patients keyed by their hospital number, created and corrected by staff.
-- Staff find a patient by any part of the hospital number or phone, and by names in any order with small
-- typos: trigram indexes (pg_trgm, which PGlite ships as an extension too) serve LIKE '%…%' and the
-- word-similarity operator on the same expressions the search uses.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE patients (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  hospital_number text NOT NULL CHECK (hospital_number <> '' AND hospital_number = btrim(hospital_number)),
  first_name text NOT NULL CHECK (first_name <> ''),
  last_name text NOT NULL CHECK (last_name <> ''),
  other_names text NOT NULL DEFAULT '',
  -- Digits with an optional leading +, as the contract's phone field leaves them.
  phone text NOT NULL CHECK (phone ~ '^\+?[0-9]{10,15}$'),
  email text NOT NULL DEFAULT '',
  language text NOT NULL CHECK (language IN ('en', 'ha', 'yo', 'ig', 'pcm')),
  date_of_birth date NOT NULL,
  -- Every name in lower case, for the name search.
  names text GENERATED ALWAYS AS (lower(first_name || ' ' || other_names || ' ' || last_name)) STORED,
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  updated_by bigint NOT NULL REFERENCES users (id),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- One patient per hospital number, whatever its letters' case.
CREATE UNIQUE INDEX patients_hospital_number_key ON patients (upper(hospital_number));
CREATE INDEX patients_hospital_number_trgm_idx ON patients USING gin (upper(hospital_number) gin_trgm_ops);
CREATE INDEX patients_phone_trgm_idx ON patients USING gin (phone gin_trgm_ops);
CREATE INDEX patients_names_trgm_idx ON patients USING gin (names gin_trgm_ops);
