-- The register's name search through an index at any size (issue 36). Each patient keeps the words of their
-- names (lower case, split at white space) in an array with a GIN index, and every word any patient's names
-- hold is kept once in patient_name_words, a dictionary with a trigram index. A search word is first matched
-- against the dictionary (a part of a word, or a word within a small typo): a few words, whatever the size
-- of the register; the patients are then those whose names hold one of them, for every search word: an
-- index read of the array, never a trigram comparison with every patient's names.
ALTER TABLE patients
  ADD COLUMN name_words text[] GENERATED ALWAYS AS (
    regexp_split_to_array(lower(btrim(first_name || ' ' || other_names || ' ' || last_name)), '\s+')
  ) STORED;
CREATE INDEX patients_name_words_idx ON patients USING gin (name_words);

-- The names' trigram index served the search that compared every patient's names; the dictionary's serves it now.
DROP INDEX patients_names_trgm_idx;

-- Words are only added: a word no patient holds any more finds nobody through the array.
CREATE TABLE patient_name_words (word text PRIMARY KEY);
CREATE INDEX patient_name_words_trgm_idx ON patient_name_words USING gin (word gin_trgm_ops);

INSERT INTO patient_name_words (word)
  SELECT DISTINCT unnest(name_words) FROM patients
  ON CONFLICT DO NOTHING;

CREATE FUNCTION patient_name_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO patient_name_words (word) SELECT DISTINCT unnest(name_words) FROM changed ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
-- Once a statement, over the rows it wrote (a bulk registration adds its words in one insert).
CREATE TRIGGER patient_name_words_on_insert AFTER INSERT ON patients
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION patient_name_words_add();
CREATE TRIGGER patient_name_words_on_update AFTER UPDATE ON patients
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION patient_name_words_add();
