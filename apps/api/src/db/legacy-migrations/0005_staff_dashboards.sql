-- Indexes for the staff dashboards: every filter (date range, status, method, department) is served by
-- an index, so statistics and pages stay fast at millions of invoices.
CREATE INDEX invoices_status_created_idx ON invoices (status, created_at);
CREATE INDEX invoices_method_created_idx ON invoices (payment_method, created_at);
CREATE INDEX invoices_purpose_created_idx ON invoices (purpose, created_at DESC, id DESC);
CREATE INDEX invoice_items_department_idx ON invoice_items (department_name, invoice_id);
