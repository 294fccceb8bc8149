// The ledger of one busy shop for the bench: `rows` payments of demo-open (and a transaction for
// each payment that was paid), written by one SQL file through `wrangler d1 execute LEDGER --local
// --file`: a recursive CTE makes the rows inside SQLite, so 100,000 take seconds (the Worker's own
// write path takes minutes for as many, and is measured apart: ledger-scale.mjs, "writes").
// The rows are shaped as the Worker writes them (ledger/ledger-write.ts): exact decimal strings,
// the payment view as JSON, one row per payment, 5 minutes apart over the last year. Order ids are
// `order-000000` ... in creation order; payment ids, addresses and transaction ids are random.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../scripts/servers.mjs";

export const SEED_SHOP = "demo-open";
/** Minutes between two seeded payments' creation. */
export const SEED_SPACING_MS = 5 * 60_000;

/** The seed's SQL: the payments, then the transactions of those paid (CONFIRMED, UNCONFIRMED, INVALID). */
export function seedSql(rows, newest = Date.now()) {
  const first = newest - rows * SEED_SPACING_MS;
  // Of every 100 payments: 60 confirmed, 25 expired, 5 unconfirmed, 5 new, 3 underpaid, 2 invalid.
  const status = `CASE WHEN i % 100 < 60 THEN 'CONFIRMED' WHEN i % 100 < 85 THEN 'EXPIRED'
    WHEN i % 100 < 90 THEN 'UNCONFIRMED' WHEN i % 100 < 95 THEN 'NEW' WHEN i % 100 < 98 THEN 'UNDERPAID' ELSE 'INVALID' END`;
  return `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows - 1}),
p AS MATERIALIZED (
  SELECT i, ${status} AS status,
    'pay_' || lower(hex(randomblob(12))) AS payment_id,
    printf('order-%06d', i) AS order_id,
    printf('%d.%02d', 5 + (i * 7919) % 495, (i * 31) % 100) AS price_amount,
    CASE WHEN i % 4 = 0 THEN 'USD' ELSE 'EUR' END AS price_currency,
    printf('0.%08d', 8000 + (i * 104729) % 9000000) AS transfer_amount,
    CASE WHEN i % 3 = 0 THEN 'LTC' ELSE 'BTC' END AS transfer_currency,
    'tb1q' || lower(hex(randomblob(19))) AS address,
    ${first} + i * ${SEED_SPACING_MS} AS created_at
  FROM n
),
v AS (
  SELECT p.*,
    CASE status WHEN 'NEW' THEN created_at ELSE created_at + 600000 END AS updated_at,
    CASE WHEN status IN ('CONFIRMED', 'EXPIRED', 'INVALID') THEN created_at + 600000 END AS final_at,
    CASE status WHEN 'NEW' THEN 1 WHEN 'EXPIRED' THEN 2 ELSE 3 END AS version,
    CASE WHEN status IN ('CONFIRMED', 'UNCONFIRMED', 'INVALID') THEN price_amount ELSE '0' END AS paid_price,
    CASE WHEN status IN ('CONFIRMED', 'UNCONFIRMED', 'INVALID') THEN transfer_amount ELSE '0' END AS paid_transfer,
    CASE WHEN status = 'CONFIRMED' THEN price_amount ELSE '0' END AS accepted_price,
    CASE WHEN status = 'CONFIRMED' THEN transfer_amount ELSE '0' END AS accepted_transfer
  FROM p
)
INSERT INTO ledger_payments (shop_id, payment_id, order_id, status, price_amount, price_currency,
  transfer_amount, transfer_currency, paid_price_amount, pending_paid_price_amount,
  accepted_paid_price_amount, paid_transfer_amount, pending_paid_transfer_amount,
  accepted_paid_transfer_amount, address, created_at, updated_at, final_at, version, event_id, view)
SELECT '${SEED_SHOP}', payment_id, order_id, status, price_amount, price_currency, transfer_amount, transfer_currency,
  paid_price, CASE WHEN status = 'UNCONFIRMED' THEN price_amount ELSE '0' END, accepted_price,
  paid_transfer, CASE WHEN status = 'UNCONFIRMED' THEN transfer_amount ELSE '0' END, accepted_transfer,
  address, created_at, updated_at, final_at, version, 'evt_' || lower(hex(randomblob(16))),
  json_object('paymentId', payment_id, 'status', status, 'priceAmount', price_amount, 'priceCurrency', price_currency,
    'transferAmount', transfer_amount, 'transferCurrency', transfer_currency, 'address', address,
    'paymentUri', 'bitcoin:' || address || '?amount=' || transfer_amount,
    'expirationTime', strftime('%Y-%m-%dT%H:%M:%fZ', (created_at + 900000) / 1000.0, 'unixepoch'),
    'paymentPageUrl', 'https://sandbox.example/pay/' || payment_id, 'exchangeRate', '60000',
    'externalPaymentId', order_id, 'paidPriceAmount', paid_price, 'pendingPaidPriceAmount', '0',
    'acceptedPaidPriceAmount', accepted_price, 'paidTransferAmount', paid_transfer,
    'pendingPaidTransferAmount', '0', 'acceptedPaidTransferAmount', accepted_transfer,
    'remainingTransferAmount', CASE WHEN paid_transfer = '0' THEN transfer_amount ELSE '0' END,
    'hasPaid', json(CASE WHEN paid_transfer = '0' THEN 'false' ELSE 'true' END), 'hasPending', json('false'),
    'transactions', json_array(),
    'redirectUrls', json_object('confirmed', 'https://shop.example/thanks?order=' || order_id),
    'serverTime', strftime('%Y-%m-%dT%H:%M:%fZ', updated_at / 1000.0, 'unixepoch'), 'version', version)
FROM v;
INSERT INTO ledger_transactions (shop_id, payment_id, position, transaction_id, state, paid_transfer_amount,
  price_amount, exchange_rate, observed_time, accepted_time, rejected_time, version, updated_at)
SELECT shop_id, payment_id, 0, lower(hex(randomblob(32))),
  CASE status WHEN 'CONFIRMED' THEN 'ACCEPTED' WHEN 'INVALID' THEN 'REJECTED' ELSE 'PENDING' END,
  paid_transfer_amount, paid_price_amount, '60000',
  strftime('%Y-%m-%dT%H:%M:%SZ', (created_at + 120000) / 1000, 'unixepoch'),
  CASE status WHEN 'CONFIRMED' THEN strftime('%Y-%m-%dT%H:%M:%SZ', updated_at / 1000, 'unixepoch') END,
  CASE status WHEN 'INVALID' THEN strftime('%Y-%m-%dT%H:%M:%SZ', updated_at / 1000, 'unixepoch') END,
  version, updated_at
FROM ledger_payments WHERE shop_id = '${SEED_SHOP}' AND status IN ('CONFIRMED', 'UNCONFIRMED', 'INVALID');
`;
}

/**
 * Writes `rows` seeded payments into the local ledger under `persist` (its migrations applied
 * first); resolves with the seconds it took and the time of the newest payment.
 */
export async function seedLedger(persist, rows) {
  const newest = Date.now();
  const file = join(persist, "ledger-seed.sql");
  writeFileSync(file, seedSql(rows, newest));
  const started = Date.now();
  const args = [
    join(ROOT, "node_modules", "wrangler", "bin", "wrangler.js"),
    "d1",
    "execute",
    "LEDGER",
    "--local",
    "--persist-to",
    persist,
    "-c",
    "wrangler.toml",
    "--file",
    file,
    "--yes",
  ];
  const output = [];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", FORCE_COLOR: "0", NO_COLOR: "1" },
  });
  child.stdout.on("data", (chunk) => output.push(String(chunk)));
  child.stderr.on("data", (chunk) => output.push(String(chunk)));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0)
    throw new Error(`wrangler d1 execute LEDGER --file failed (${code}):\n${output.join("").slice(-3000)}`);
  return { seconds: Math.round((Date.now() - started) / 100) / 10, newest };
}
