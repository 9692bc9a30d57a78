-- Issue 24: the language a person chose in the web app (Accept-Language of their requests), kept with the
-- account, a guest's payment and a bill, so that the e-mails and SMS sent later (receipts, refunds, bill
-- links, codes) are written in it. English unless chosen.
ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ha', 'yo', 'ig', 'pcm'));
ALTER TABLE invoices ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ha', 'yo', 'ig', 'pcm'));
ALTER TABLE bills ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ha', 'yo', 'ig', 'pcm'));
