-- The register's search through btree and GIN reads at any size (issue 36), instead of trigram comparisons
-- with every patient (a trigram of digits is in most hospital numbers and phones, so their trigram indexes
-- narrowed little).
--
-- Any part of a hospital number or phone is the start of one of its suffixes: patient_number_parts keeps
-- every suffix of two characters or more of each patient's hospital number (upper case) and phone, and a
-- part typed at the desk is a range of that index.
--
-- Names: each patient keeps the words of their names (lower case, split at white space) in an array with a
-- GIN index, and every word any patient's names hold is kept once in patient_name_words, a dictionary with a
-- trigram index. A search word is matched against the dictionary (a part of a word, or a word within a small
-- typo): a few words, whatever the size of the register; the patients are those whose names hold one of them.
ALTER TABLE patients
  ADD COLUMN name_words text[] GENERATED ALWAYS AS (
    regexp_split_to_array(lower(btrim(first_name || ' ' || other_names || ' ' || last_name)), '\s+')
  ) STORED;
CREATE INDEX patients_name_words_idx ON patients USING gin (name_words);

-- Words are only added: a word no patient holds any more finds nobody through the array.
CREATE TABLE patient_name_words (word text PRIMARY KEY);
CREATE INDEX patient_name_words_trgm_idx ON patient_name_words USING gin (word gin_trgm_ops);

CREATE TABLE patient_number_parts (
  part text NOT NULL,
  patient_id bigint NOT NULL REFERENCES patients (id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX patient_number_parts_key ON patient_number_parts (part text_pattern_ops, patient_id);
CREATE INDEX patient_number_parts_patient_idx ON patient_number_parts (patient_id);

-- The trigram indexes these replace.
DROP INDEX patients_names_trgm_idx;
DROP INDEX patients_hospital_number_trgm_idx;
DROP INDEX patients_phone_trgm_idx;

CREATE FUNCTION patient_search_keys_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM patient_number_parts WHERE patient_id IN (SELECT id FROM changed);
  END IF;
  INSERT INTO patient_name_words (word) SELECT DISTINCT unnest(name_words) FROM changed ON CONFLICT DO NOTHING;
  INSERT INTO patient_number_parts (part, patient_id)
    SELECT DISTINCT substr(n.number, i), c.id
    FROM changed c
    CROSS JOIN LATERAL (VALUES (upper(c.hospital_number)), (c.phone)) AS n (number)
    CROSS JOIN LATERAL generate_series(1, length(n.number) - 1) AS i
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
-- Once a statement, over the rows it wrote (a bulk registration writes its keys in one insert each).
CREATE TRIGGER patient_search_keys_on_insert AFTER INSERT ON patients
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION patient_search_keys_add();
CREATE TRIGGER patient_search_keys_on_update AFTER UPDATE ON patients
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION patient_search_keys_add();

-- The patients registered before this migration.
UPDATE patients SET first_name = first_name;
