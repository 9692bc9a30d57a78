-- A KYC document is opened by an unguessable id (a random UUID), never by its row number: counting
-- 1, 2, 3… in /auth/kyc/documents/{id}/ must find nothing. Each existing row gets its own random id.
ALTER TABLE kyc_documents ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE kyc_documents ADD CONSTRAINT kyc_documents_public_id_key UNIQUE (public_id);

-- Only the corporate upgrade, with its three documents, makes an account corporate (SPEC §4). A record
-- or user that is CORPORATE without the three documents got there through a KYC submission that named
-- the account type, and is an individual.
UPDATE kyc_records k SET account_type = 'INDIVIDUAL', updated_at = now()
WHERE k.account_type = 'CORPORATE'
  AND (SELECT count(DISTINCT d.slot) FROM kyc_documents d WHERE d.user_id = k.user_id) < 3;

UPDATE users u SET account_type = 'INDIVIDUAL', updated_at = now()
WHERE u.account_type = 'CORPORATE'
  AND (SELECT count(DISTINCT d.slot) FROM kyc_documents d WHERE d.user_id = u.id) < 3;
