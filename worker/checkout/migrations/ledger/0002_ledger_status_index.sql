-- The list filtered by one status (the dashboard's "unconfirmed", "invalid"), newest first: walked
-- on this index in the list's order and stopped at the page's end. With only
-- ledger_payments_created, SQLite walked the shop's rows newest first and read each one to check
-- its status, so a status of 2 % of 100,000 payments read about 2,500 rows for a page of 50
-- (`npm run bench`, "ledger list"; worker/checkout/ledger/ledger-query.ts explains the plans).
-- A list of several statuses keeps the creation index.
CREATE INDEX ledger_payments_status ON ledger_payments (shop_id, status, created_at, payment_id);
