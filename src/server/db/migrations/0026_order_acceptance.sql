-- Orders are accepted before they are billed (issue 33, docs/decisions/0053-order-acceptance.md).
-- An order is received; orders of catalogue items with a fixed scope are accepted with their
-- confirmation at once, the others (configured items, hours, domains) wait for an agent, who
-- accepts or rejects them within the acceptance period of AGB § 3 Abs. 4; after it, the order
-- lapses. A consumer may withdraw an order before we accept it. Contracts, the contract
-- confirmation PDF and invoices exist only for accepted orders.

-- Every order before this one was treated as accepted with its confirmation: its contracts ran
-- from the order's day. The defaults keep that for a row stored without naming its status (an
-- import, a fixture); placeOrder always names every column below.
ALTER TABLE orders
  ADD COLUMN status text NOT NULL DEFAULT 'accepted'
    CHECK (status IN ('received', 'accepted', 'rejected', 'lapsed', 'withdrawn')),
  -- When we accepted it: the conclusion of the contract, from which the withdrawal period runs.
  ADD COLUMN accepted_at timestamptz DEFAULT now(),
  -- The last day we can accept a reviewed order (AGB § 3 Abs. 4, src/lib/orders/acceptance.ts);
  -- NULL for an order accepted at once.
  ADD COLUMN acceptance_deadline date,
  -- Who accepted or rejected a reviewed order and when; a lapse has a time and no agent.
  ADD COLUMN decided_at timestamptz,
  ADD COLUMN decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- Mailed to the customer with the rejection.
  ADD COLUMN rejection_reason text CHECK (char_length(rejection_reason) BETWEEN 1 AND 500),
  -- The lines as priced when the order was placed (name, unit, price, terms and features of each
  -- catalogue entry), so that the contract confirmation PDF made at a later acceptance states the
  -- order exactly as the customer placed it, whatever the price source says by then. Everything
  -- else the PDF needs is a column of the order (address, payment, IBAN, declarations, schedule).
  ADD COLUMN ordered_lines jsonb;

UPDATE orders SET accepted_at = created_at;

-- The services start with the acceptance: unknown until then.
ALTER TABLE orders ALTER COLUMN services_start_on DROP NOT NULL;

ALTER TABLE orders
  ADD CONSTRAINT orders_accepted_at CHECK ((status = 'accepted') = (accepted_at IS NOT NULL)),
  ADD CONSTRAINT orders_services_start CHECK ((status = 'accepted') = (services_start_on IS NOT NULL)),
  -- Every order that was not accepted at once was received for review, with its deadline.
  ADD CONSTRAINT orders_acceptance_deadline CHECK (status = 'accepted' OR acceptance_deadline IS NOT NULL),
  -- An order waiting for an agent carries what its acceptance needs to confirm it.
  ADD CONSTRAINT orders_ordered_lines CHECK (status <> 'received' OR ordered_lines IS NOT NULL),
  ADD CONSTRAINT orders_rejection_reason CHECK ((status = 'rejected') = (rejection_reason IS NOT NULL)),
  ADD CONSTRAINT orders_decided CHECK (CASE status WHEN 'received' THEN decided_at IS NULL AND decided_by IS NULL
                                                   WHEN 'rejected' THEN decided_at IS NOT NULL
                                                   WHEN 'lapsed' THEN decided_at IS NOT NULL AND decided_by IS NULL
                                                   ELSE true END);

-- The daily run lapses received orders whose deadline has passed.
CREATE INDEX orders_awaiting_acceptance ON orders (acceptance_deadline) WHERE status = 'received';
