-- A gateway payment is asked about again only while it is pending: once it is settled or closed, its
-- next check is NULL (never), and the worker's due index holds the pending ones only.
--
-- Before, a settled payment kept the time of its last planned check, a day after it settled, and stayed
-- in the due index for good. The worker's lease reads that index from the longest-due entry and skips
-- those no longer pending, so it walked every gateway payment the hospital had ever taken before it found
-- a pending one: with 300,000 settled payments on the bench server, 2.2 s a lease (of 10 payments),
-- every pass, with PGlite (one connection) answering nothing else meanwhile.
ALTER TABLE gateway_payments ALTER COLUMN next_check_at DROP NOT NULL;

UPDATE gateway_payments g SET next_check_at = NULL
FROM invoices i
WHERE i.id = g.invoice_id AND i.status <> 'pending';

DROP INDEX gateway_payments_due_idx;
CREATE INDEX gateway_payments_due_idx ON gateway_payments (next_check_at) WHERE next_check_at IS NOT NULL;
