-- The staff filter's pages that name a payment method together with a status or a department (issue 8).
-- 0009's indexes lead with the status, the method or the department, and hold the other column for a
-- filter to check entry by entry: a page of "pending, wallet" read the pending entries of every method
-- until it had 51 wallet ones, and a department's page of one method read that department's entries of
-- every method. Where one method is most of a department's invoices (a clinic whose payers mostly use
-- Remita, say), a page of another method crossed every invoice of the month: on the bench database, with
-- 120,000 of today's invoices in one department, 30 to 50 ms a page instead of 1 to 2, read again after
-- each payment of that department. These lead with both, so every combination of the filter is one range.
CREATE INDEX invoices_checkout_status_method_idx ON invoices (status, payment_method, created_at DESC, id DESC)
  WHERE purpose = 'checkout';
CREATE INDEX invoice_departments_method_idx ON invoice_departments (department, payment_method, created_at DESC, invoice_id DESC)
  INCLUDE (status);
CREATE INDEX invoice_departments_status_method_idx ON invoice_departments (department, status, payment_method, created_at DESC, invoice_id DESC);
