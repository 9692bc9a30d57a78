-- HMOs under NHIA (issue 37): the HMOs the hospital bills, their plans with coverage rules by catalogue
-- department or service, and register patients enrolled on a plan for a span of dates.

CREATE TABLE hmos (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  nhia_code text NOT NULL,
  contact_name text NOT NULL,
  contact_phone text NOT NULL,
  contact_email text NOT NULL,
  -- Where its remittances come from.
  bank_name text NOT NULL,
  bank_account_number text NOT NULL CHECK (bank_account_number ~ '^[0-9]{10}$'),
  bank_account_name text NOT NULL,
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE UNIQUE INDEX hmos_name_key ON hmos (lower(name));
CREATE UNIQUE INDEX hmos_nhia_code_key ON hmos (upper(nhia_code));

-- A plan's own shares, in basis points (1,000 = 10 %): the HMO's (covered) and the patient's co-payment;
-- what is left of 100 % is not covered. Its rules below override them for a department or a service.
CREATE TABLE hmo_plans (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  hmo_id bigint NOT NULL REFERENCES hmos (id),
  name text NOT NULL,
  covered_bp integer NOT NULL CHECK (covered_bp BETWEEN 0 AND 10000),
  copay_bp integer NOT NULL CHECK (copay_bp BETWEEN 0 AND 10000),
  excluded boolean NOT NULL DEFAULT false,
  preauth_required boolean NOT NULL DEFAULT false,
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK (covered_bp + copay_bp <= 10000),
  CHECK (NOT excluded OR (covered_bp = 0 AND copay_bp = 0))
);
CREATE UNIQUE INDEX hmo_plans_name_key ON hmo_plans (hmo_id, lower(name));
ALTER TABLE hmo_plans ADD CONSTRAINT hmo_plans_id_hmo_key UNIQUE (id, hmo_id);

-- A rule for one department (by the catalogue's name, as bills store it) or one service (catalogue id).
CREATE TABLE hmo_plan_rules (
  plan_id bigint NOT NULL REFERENCES hmo_plans (id),
  position integer NOT NULL,
  department_name text,
  service_id text,
  covered_bp integer NOT NULL CHECK (covered_bp BETWEEN 0 AND 10000),
  copay_bp integer NOT NULL CHECK (copay_bp BETWEEN 0 AND 10000),
  excluded boolean NOT NULL,
  preauth_required boolean NOT NULL,
  PRIMARY KEY (plan_id, position),
  CHECK ((department_name IS NULL) <> (service_id IS NULL)),
  CHECK (covered_bp + copay_bp <= 10000),
  CHECK (NOT excluded OR (covered_bp = 0 AND copay_bp = 0))
);
CREATE UNIQUE INDEX hmo_plan_rules_department_key ON hmo_plan_rules (plan_id, lower(department_name)) WHERE department_name IS NOT NULL;
CREATE UNIQUE INDEX hmo_plan_rules_service_key ON hmo_plan_rules (plan_id, service_id) WHERE service_id IS NOT NULL;

-- A register patient enrolled on a plan from one day to another (inclusive, WAT days). A patient is enrolled
-- with one HMO at a time; an enrollee ID is one patient's within its HMO.
CREATE TABLE patient_enrolments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  patient_id bigint NOT NULL REFERENCES patients (id),
  plan_id bigint NOT NULL,
  hmo_id bigint NOT NULL REFERENCES hmos (id),
  enrollee_id text NOT NULL,
  valid_from date NOT NULL,
  valid_to date NOT NULL CHECK (valid_to >= valid_from),
  created_by bigint NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- The plan's own HMO, which the enrollee ID's uniqueness is kept within.
  FOREIGN KEY (plan_id, hmo_id) REFERENCES hmo_plans (id, hmo_id)
);
CREATE UNIQUE INDEX patient_enrolments_enrollee_key ON patient_enrolments (hmo_id, upper(enrollee_id));
CREATE INDEX patient_enrolments_patient_idx ON patient_enrolments (patient_id, valid_from);
