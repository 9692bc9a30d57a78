-- Verification codes by SMS prove the phone, not the e-mail; the codes sent by SMS are budgeted and what
-- exceeds a budget is dropped, not queued.

-- Which channel each verification code went by, and where: a code proves only the address it was sent to.
ALTER TABLE verification_codes
  ADD COLUMN channel text NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'sms')),
  ADD COLUMN sent_to text;

-- The phone a code received by SMS proved (E.164) and when; e-mail verification stays email_verified_at.
ALTER TABLE users
  ADD COLUMN phone_verified_at timestamptz,
  ADD COLUMN verified_phone text CHECK (verified_phone ~ '^\+[1-9][0-9]{6,14}$');
-- A number another account has proved is not texted codes for a new one.
CREATE INDEX users_verified_phone_idx ON users (verified_phone) WHERE verified_phone IS NOT NULL;

-- A message the worker gave up without sending (a code over its number's hourly limit) is 'dropped'.
ALTER TABLE sms_outbox DROP CONSTRAINT sms_outbox_status_check;
ALTER TABLE sms_outbox ADD CONSTRAINT sms_outbox_status_check CHECK (status IN ('pending', 'sent', 'failed', 'dropped'));
-- The code budgets count the codes queued in the last window, per number and in all.
CREATE INDEX sms_outbox_codes_idx ON sms_outbox (created_at) WHERE kind = 'verification_code';
CREATE INDEX sms_outbox_codes_number_idx ON sms_outbox (to_number, created_at) WHERE kind = 'verification_code';
