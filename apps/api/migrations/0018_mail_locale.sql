-- Issue 24: the language a message is written in, so that its HTML part (built when it is sent) declares
-- it and writes the QR picture's text in it. English for the messages queued before.
ALTER TABLE mail_outbox ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'ha', 'yo', 'ig', 'pcm'));
