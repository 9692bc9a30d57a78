-- Issue 24: SMS beside e-mail. A text message is written here in the same transaction as the change it
-- reports (a receipt, a bill's link, a verification code, a refund) and sent by the background worker
-- through the SMS provider, like mail_outbox. The number is E.164 (+234…); the body is the rendered text.
CREATE TABLE sms_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_number text NOT NULL CHECK (to_number ~ '^\+[1-9][0-9]{6,14}$'),
  kind text NOT NULL CHECK (kind IN ('receipt', 'bill_link', 'verification_code', 'refund')),
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  transport text,
  -- The provider's id of the sent message, for tracing a delivery with the provider.
  provider_message_id text,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX sms_outbox_due_idx ON sms_outbox (next_attempt_at) WHERE status = 'pending';
-- The per-number hourly limit counts the messages sent to a number in the last hour.
CREATE INDEX sms_outbox_number_sent_idx ON sms_outbox (to_number, sent_at) WHERE status = 'sent';
