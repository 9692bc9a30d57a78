-- What /metrics counts at every scrape (modules/metrics), read from small partial indexes instead of a scan
-- of every invoice or message: wallet top-ups by method and status (checkout invoices are counted from the
-- staff day totals, 0004), and the outboxes' failed messages (their pending ones have the due index, 0007
-- and 0017). Each index holds only its few rows, so writes elsewhere pay nothing for it.
CREATE INDEX invoices_top_up_status_idx ON invoices (payment_method, status) WHERE purpose = 'top_up';
CREATE INDEX mail_outbox_failed_idx ON mail_outbox (id) WHERE status = 'failed';
CREATE INDEX sms_outbox_failed_idx ON sms_outbox (id) WHERE status = 'failed';
