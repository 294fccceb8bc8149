-- The payments ledger (worker/checkout/ledger/): one row per payment and one per transaction, kept
-- LEDGER_RETENTION_DAYS (default 3650) after a payment's last change, long after the Durable
-- Objects dropped it. Its own D1 database (binding LEDGER, docs/architecture.md "D1: the
-- ledger"), written by the webhook queue's consumer from the events the Worker records. Applied
-- with `wrangler d1 migrations apply LEDGER` (`--local` or `--remote`); `npm run demo` and the
-- tests apply it themselves.
--
-- Amounts are the payment view's exact decimal strings (TEXT, never REAL). Times of the Worker's
-- clock are milliseconds since the epoch; the upstream's transaction times are kept as it sent
-- them (RFC 3339 text).

CREATE TABLE ledger_payments (
  shop_id TEXT NOT NULL,
  payment_id TEXT NOT NULL,
  order_id TEXT,
  status TEXT NOT NULL,
  price_amount TEXT NOT NULL,
  price_currency TEXT NOT NULL,
  transfer_amount TEXT NOT NULL,
  transfer_currency TEXT NOT NULL,
  paid_price_amount TEXT NOT NULL,
  pending_paid_price_amount TEXT NOT NULL,
  accepted_paid_price_amount TEXT NOT NULL,
  paid_transfer_amount TEXT NOT NULL,
  pending_paid_transfer_amount TEXT NOT NULL,
  accepted_paid_transfer_amount TEXT NOT NULL,
  address TEXT NOT NULL,
  -- The earliest event of the payment the ledger saw (its payment.created event once seen).
  created_at INTEGER NOT NULL,
  -- The event of the version this row holds.
  updated_at INTEGER NOT NULL,
  -- The earliest event with a final status (CONFIRMED, EXPIRED, INVALID); NULL while open.
  final_at INTEGER,
  -- The payment view's version: a row only ever moves to a higher one.
  version INTEGER NOT NULL,
  event_id TEXT NOT NULL,
  -- The payment view of that version (JSON), as the order API answers it.
  view TEXT NOT NULL,
  PRIMARY KEY (shop_id, payment_id)
);
CREATE INDEX ledger_payments_order ON ledger_payments (shop_id, order_id);
CREATE INDEX ledger_payments_created ON ledger_payments (shop_id, created_at, payment_id);
CREATE INDEX ledger_payments_address ON ledger_payments (shop_id, address);
CREATE INDEX ledger_payments_updated ON ledger_payments (updated_at);

-- The transactions of the version its payment row holds, by their place in the payment view
-- (the upstream's transaction id is optional). Replaced whenever the payment row moves on.
CREATE TABLE ledger_transactions (
  shop_id TEXT NOT NULL,
  payment_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  transaction_id TEXT,
  state TEXT,
  paid_transfer_amount TEXT,
  price_amount TEXT,
  exchange_rate TEXT,
  observed_time TEXT,
  accepted_time TEXT,
  rejected_time TEXT,
  version INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (shop_id, payment_id, position)
);
CREATE INDEX ledger_transactions_id ON ledger_transactions (shop_id, transaction_id);
CREATE INDEX ledger_transactions_updated ON ledger_transactions (updated_at);
