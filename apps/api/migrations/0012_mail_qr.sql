-- A message may carry a QR code: the text it encodes (a receipt's verify link, a bill's payment link). The
-- image is drawn when the message is sent, as an inline picture in its HTML part; the outbox keeps the text.
ALTER TABLE mail_outbox ADD COLUMN qr_text text;
