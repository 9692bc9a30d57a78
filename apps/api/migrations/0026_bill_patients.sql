-- A bill is raised for a patient of the register (issue 36): the bill keeps the details it was raised with
-- (its link, e-mails and receipts show them), and names the register's patient. Bills raised before the
-- patient was registered name nobody.
ALTER TABLE bills ADD COLUMN patient_id bigint REFERENCES patients (id);
CREATE INDEX bills_patient_id_idx ON bills (patient_id) WHERE patient_id IS NOT NULL;
