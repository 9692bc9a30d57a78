-- Identity details (KYC), their documents, and every staff decision on them.

CREATE TABLE kyc_records (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL UNIQUE REFERENCES users (id),
  account_type text NOT NULL DEFAULT 'INDIVIDUAL' CHECK (account_type IN ('INDIVIDUAL', 'CORPORATE')),
  dob date NOT NULL,
  address text NOT NULL,
  next_of_kin_name text NOT NULL,
  next_of_kin_phone text NOT NULL,
  next_of_kin_address text NOT NULL,
  id_number text NOT NULL,
  id_type text NOT NULL DEFAULT 'NIN' CHECK (id_type IN ('NIN', 'PASSPORT', 'DRIVERS_LICENSE', 'VOTERS_CARD')),
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'verified', 'REJECTED')),
  tier_level integer CHECK (tier_level BETWEEN 1 AND 3),
  rejection_reason text,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kyc_records_status_idx ON kyc_records (status, submitted_at);

-- Files live outside any served folder under random names; the row says whose they are.
CREATE TABLE kyc_documents (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  slot text NOT NULL CHECK (slot IN ('utility_bill', 'cac_certificate', 'board_letter')),
  stored_name text NOT NULL UNIQUE,
  original_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 5242880),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kyc_documents_user_idx ON kyc_documents (user_id);

CREATE TABLE kyc_decisions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kyc_id bigint NOT NULL REFERENCES kyc_records (id),
  decision text NOT NULL CHECK (decision IN ('verified', 'rejected')),
  tier_level integer,
  reason text,
  decided_by bigint NOT NULL REFERENCES users (id),
  decided_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kyc_decisions_kyc_idx ON kyc_decisions (kyc_id, decided_at);
