-- Declarations change a contract only once they are attributable to the customer (issue 33,
-- docs/decisions/0054-attributable-declarations.md). A cancellation or withdrawal is stored and
-- its receipt sent at once; the contract's end, an order's withdrawal and any refund follow only
-- when we know the declaration is the customer's: sent by the logged-in owner ('account'), confirmed
-- through the link mailed to the address on record ('identity-link'), or processed by an agent
-- ('agent'). Until then the declaration's own columns hold the candidate it names.

ALTER TABLE cancellations
  ADD COLUMN attributed_at timestamptz,
  ADD COLUMN attributed_by text CHECK (attributed_by IN ('account', 'identity-link', 'agent')),
  -- An extraordinary cancellation is a request: the agent's decision (end date in
  -- contract_end_date, this reason) is mailed, and only then the contract ends.
  ADD COLUMN decision_reason text,
  ADD CONSTRAINT cancellations_attribution CHECK ((attributed_at IS NULL) = (attributed_by IS NULL));

ALTER TABLE withdrawals
  -- Set when a logged-in customer sent it: their own orders count as named by the owner.
  ADD COLUMN user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- The link in the receipt mail, as for cancellations: only the token's SHA-256 is kept.
  ADD COLUMN identity_token_hash text UNIQUE,
  ADD COLUMN identity_confirmed_at timestamptz,
  ADD COLUMN attributed_at timestamptz,
  ADD COLUMN attributed_by text CHECK (attributed_by IN ('account', 'identity-link', 'agent')),
  ADD CONSTRAINT withdrawals_attribution CHECK ((attributed_at IS NULL) = (attributed_by IS NULL));

-- The orders a withdrawal names (at most three, src/lib/contracts/matching.ts): found on receipt
-- among the sender's orders, or assigned by an agent. They are withdrawn once the withdrawal is
-- attributed; the billing run counts only attributed withdrawals (src/server/invoices/due.ts).
CREATE TABLE withdrawal_orders (
  withdrawal_id bigint NOT NULL REFERENCES withdrawals (id) ON DELETE CASCADE,
  order_id      bigint NOT NULL REFERENCES orders (id) ON DELETE RESTRICT,
  PRIMARY KEY (withdrawal_id, order_id)
);
CREATE INDEX withdrawal_orders_order_id ON withdrawal_orders (order_id);

-- What the code before this migration did has happened: a withdrawal it matched ended its order's
-- contracts on receipt. It counts as attributed (we cannot tell by whom: 'agent', who owns the
-- result now), so the billing run keeps treating it as before and nothing is applied twice.
INSERT INTO withdrawal_orders (withdrawal_id, order_id) SELECT id, order_id FROM withdrawals WHERE order_id IS NOT NULL;
UPDATE withdrawals SET attributed_at = received_at, attributed_by = 'agent' WHERE order_id IS NOT NULL;
ALTER TABLE withdrawals DROP COLUMN order_id;

-- Cancellations that already ended a contract (on receipt, by the old rule) or that an agent
-- processed: attributed by whoever we can tell did it first – the owner's account, the identity
-- link, the agent's processing – and otherwise by 'agent' as of now, since an agent keeps what
-- happened. Open extraordinary cancellations among them still wait for an agent's decision.
UPDATE cancellations c
SET attributed_by = CASE
      WHEN c.user_id IS NOT NULL AND EXISTS (SELECT 1 FROM contracts k WHERE k.id = c.contract_id AND k.user_id = c.user_id) THEN 'account'
      WHEN c.identity_confirmed_at IS NOT NULL AND (c.processed_at IS NULL OR c.identity_confirmed_at <= c.processed_at) THEN 'identity-link'
      ELSE 'agent'
    END,
    attributed_at = CASE
      WHEN c.user_id IS NOT NULL AND EXISTS (SELECT 1 FROM contracts k WHERE k.id = c.contract_id AND k.user_id = c.user_id) THEN c.received_at
      WHEN c.identity_confirmed_at IS NOT NULL AND (c.processed_at IS NULL OR c.identity_confirmed_at <= c.processed_at) THEN c.identity_confirmed_at
      ELSE coalesce(c.processed_at, now())
    END
WHERE c.status = 'processed' OR EXISTS (SELECT 1 FROM contracts k WHERE k.cancellation_id = c.id);

-- An extraordinary cancellation gives no end of its own any more: the agent decides it.
UPDATE cancellations SET computed_end_date = NULL WHERE type_of_cancellation = 'extraordinary' AND status = 'received';

-- The customer area and the agents' list show the declarations still open per contract.
CREATE INDEX cancellations_contract_open ON cancellations (contract_id) WHERE status = 'received';
