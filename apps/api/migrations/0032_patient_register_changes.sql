-- How many changes the patient register has committed, counted by statement: an API process gives a search
-- answer it kept again only while this count is the one read with that answer (ChangeCountCache), so a
-- registration or correction by any process is in the next search everywhere. The search keys
-- (migration 0027) are written from the same statements.
CREATE TABLE patient_register_changes (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  changes bigint NOT NULL
);
INSERT INTO patient_register_changes (changes) VALUES (0);

CREATE FUNCTION patient_register_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE patient_register_changes SET changes = changes + 1;
  RETURN NULL;
END;
$$;
CREATE TRIGGER patient_register_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON patients
  FOR EACH STATEMENT EXECUTE FUNCTION patient_register_changed();

-- The names as one lower-case text were for a trigram comparison per patient found (the search's ranking);
-- the ranking reads the words' array (migration 0027) instead.
ALTER TABLE patients DROP COLUMN names;
