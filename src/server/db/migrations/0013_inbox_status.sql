-- Agent dashboard inbox (issue 11, docs/decisions/0019-agent-dashboard.md): every table of things
-- the site received gets the same three columns for the agents' handling. They are not part of
-- the declaration or request itself; existing rows start as 'new'.
ALTER TABLE inquiries
  ADD COLUMN inbox_status text NOT NULL DEFAULT 'new' CHECK (inbox_status IN ('new', 'in_progress', 'done')),
  ADD COLUMN inbox_status_changed_at timestamptz,
  ADD COLUMN inbox_status_changed_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE click_dummy_requests
  ADD COLUMN inbox_status text NOT NULL DEFAULT 'new' CHECK (inbox_status IN ('new', 'in_progress', 'done')),
  ADD COLUMN inbox_status_changed_at timestamptz,
  ADD COLUMN inbox_status_changed_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE orders
  ADD COLUMN inbox_status text NOT NULL DEFAULT 'new' CHECK (inbox_status IN ('new', 'in_progress', 'done')),
  ADD COLUMN inbox_status_changed_at timestamptz,
  ADD COLUMN inbox_status_changed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- When an agent marked the order paid (payment_status 'paid'), for the record.
  ADD COLUMN paid_at timestamptz;
ALTER TABLE cancellations
  ADD COLUMN inbox_status text NOT NULL DEFAULT 'new' CHECK (inbox_status IN ('new', 'in_progress', 'done')),
  ADD COLUMN inbox_status_changed_at timestamptz,
  ADD COLUMN inbox_status_changed_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE withdrawals
  ADD COLUMN inbox_status text NOT NULL DEFAULT 'new' CHECK (inbox_status IN ('new', 'in_progress', 'done')),
  ADD COLUMN inbox_status_changed_at timestamptz,
  ADD COLUMN inbox_status_changed_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE av_requests
  ADD COLUMN inbox_status text NOT NULL DEFAULT 'new' CHECK (inbox_status IN ('new', 'in_progress', 'done')),
  ADD COLUMN inbox_status_changed_at timestamptz,
  ADD COLUMN inbox_status_changed_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE order_inquiries
  ADD COLUMN inbox_status text NOT NULL DEFAULT 'new' CHECK (inbox_status IN ('new', 'in_progress', 'done')),
  ADD COLUMN inbox_status_changed_at timestamptz,
  ADD COLUMN inbox_status_changed_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE demo_requests
  ADD COLUMN inbox_status text NOT NULL DEFAULT 'new' CHECK (inbox_status IN ('new', 'in_progress', 'done')),
  ADD COLUMN inbox_status_changed_at timestamptz,
  ADD COLUMN inbox_status_changed_by uuid REFERENCES users (id) ON DELETE SET NULL;

-- The inbox lists newest first and counts what is still new, per table.
CREATE INDEX inquiries_inbox ON inquiries (inbox_status, created_at);
CREATE INDEX click_dummy_requests_inbox ON click_dummy_requests (inbox_status, created_at);
CREATE INDEX orders_inbox ON orders (inbox_status, created_at);
CREATE INDEX cancellations_inbox ON cancellations (inbox_status, received_at);
CREATE INDEX withdrawals_inbox ON withdrawals (inbox_status, received_at);
CREATE INDEX av_requests_inbox ON av_requests (inbox_status, received_at);
CREATE INDEX order_inquiries_inbox ON order_inquiries (inbox_status, received_at);
CREATE INDEX demo_requests_inbox ON demo_requests (inbox_status, received_at);
