-- The staff search (GET /api/staff/search/) finds a name by the start of its first word (the whole name's
-- start) or of its last word (whitespace-separated: "Okafor" finds "Chioma Adaeze Okafor"), on payments and
-- bills alike, each through a text_pattern_ops index read as a range, never the whole table. A middle name is
-- not indexed: a word-set (trigram) index would need an extension the embedded database does not load.
-- The expression is repeated verbatim in staff-search.repository.ts (LAST_WORD), where the planner must see it.
CREATE INDEX invoices_name_last_word_idx
  ON invoices (lower(substring(customer_name FROM '([^[:space:]]+)[[:space:]]*$')) text_pattern_ops);
CREATE INDEX bills_name_prefix_idx ON bills (lower(patient_name) text_pattern_ops);
CREATE INDEX bills_name_last_word_idx
  ON bills (lower(substring(patient_name FROM '([^[:space:]]+)[[:space:]]*$')) text_pattern_ops);
