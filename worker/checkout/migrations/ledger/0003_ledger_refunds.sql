-- Refunds in the ledger: one row per refund at its newest version (the number of steps in its
-- history), written from the refund.* events by the queue consumer's ledger step, as payments are
-- (worker/checkout/ledger/ledger-refund.ts). `refund` is the RefundView of that version, JSON.
CREATE TABLE ledger_refunds (
  shop_id TEXT NOT NULL,
  refund_id TEXT NOT NULL,
  payment_id TEXT NOT NULL,
  state TEXT NOT NULL,
  reason TEXT NOT NULL,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  transfer_currency TEXT NOT NULL,
  address TEXT,
  payout_id TEXT,
  transaction_id TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version INTEGER NOT NULL,
  event_id TEXT NOT NULL,
  refund TEXT NOT NULL,
  PRIMARY KEY (shop_id, refund_id)
);
CREATE INDEX ledger_refunds_payment ON ledger_refunds (shop_id, payment_id);
CREATE INDEX ledger_refunds_updated ON ledger_refunds (updated_at);
