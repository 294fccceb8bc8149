// docs/bench.md from one bench run (npm run bench -- --docs).

/** Markdown: the table of figures with the date and machine, and what each figure measures. */
export function benchMarkdown(results, rows) {
  const m = results.machine;
  const table = rows
    .map(([label, value]) => `| ${label.replaceAll("|", "\\|")} | ${value.replaceAll("|", "\\|")} |`)
    .join("\n");
  return `# Benchmark

\`npm run bench\` measures the widget and the whole loop on the machine it runs on and prints the
table below; it also writes every figure to \`bench-results/latest.json\` (\`npm run bench -- --docs\`
rewrites this page). The figures are measurements, not assertions: machines are noisy, and the
numbers below come from one run while other work shared the CPUs.

The chaos soak (\`npm run soak\`: thousands of payments while faults overlap, and the proofs that
nothing was lost) writes its own page: [soak.md](soak.md).

Latest run: **${results.date.slice(0, 16).replace("T", " ")} UTC**, ${m.cpus} CPUs (${m.model}), Node ${m.node},
Chromium ${m.chromium}, \`wrangler dev\` (workerd) on loopback; ${results.seconds} s in all.

| Figure | Value |
|---|---|
${table}

## What is measured

- **Sizes**: \`dist/public/widget.js\` as built (minified) and compressed with gzip level 9, and the
  lazily loaded language chunks (\`chunks/<tag>-<hash>.js\`, one per language; the table gives the
  smallest and the largest, \`bench-results/latest.json\` every one). English is inside \`widget.js\`.
- **widget.js by module**: every byte of the minified \`widget.js\` is traced to its source file
  through the build's source map (\`@jridgewell/trace-mapping\`) and counted as lit (lit, lit-html,
  lit-element, @lit/*), qrcode (qrcode, dijkstrajs, the element's QR matrix code), styles
  (\`widget/styles/\`), locales (\`widget/locales/\`: English and the negotiation) or element (the
  rest: element, templates, state, stream, API client and the wire rules it shares with the
  Worker); "unmapped" is rollup's glue and line breaks. gzip cannot be split byte by byte, so each
  group is compressed on its own and the file's real gzip size is shared out in proportion: the
  groups add up to the file.
- **Element connected -> QR painted**: in Chromium, a \`<crypto-checkout>\` is appended to a page
  whose \`fetch\` answers the shop and payment calls at once (stubbed API, no network): time until
  the QR's SVG is in the shadow DOM ("in DOM") and until the next frame is produced ("painted").
  Median of 30 runs in one warm page.
- **Time to QR**: what the customer waits for. A loopback server on an origin of its own serves a
  shop page as an integrator writes it (the script tag for the Worker's \`widget.js\` and a
  \`<crypto-checkout>\` with \`endpoint\`, \`shop="demo-open"\`, an open price and
  \`transfer-currency\`, a new order id each run; the bench adds the page's origin to the shop's
  \`allowedOrigins\`). Each run opens it in a new Chromium context (nothing cached, no connection
  open) against the warm Worker (3 runs first, not counted) and takes the time from the
  navigation's start to the frame that shows the QR (its SVG path in the shadow DOM, then the next
  animation frame). Median and p90 of 20 runs, and the median of each part, from Resource Timing
  and marks the page sets: the page and \`widget.js\` loaded (\`responseEnd\`), the element defined,
  the create request's start and its \`fetchStart\` -> \`responseEnd\` (a preflight would be inside
  it), the shop settings request (sent beside the create), the create's answer -> QR painted, the
  language chunks requested, and when the payment's stream (a WebSocket, which Resource Timing
  does not list) opened and first answered, relative to the QR. Every run is in
  \`bench-results/latest.json\` (\`timeToQr.samples\`).
- **Notification POST -> element DOM updated**: the bench posts a signed \`v3/payment\`
  notification (HMAC-SHA256 with the demo key) to \`/hooks/demo-open\`, 200 times in sequence,
  each with a new pending amount; the demo page in Chromium records when the element has rendered
  that amount (\`checkout-payment\`, then \`updateComplete\`). Both clocks are the machine's epoch
  clock (\`performance.timeOrigin + performance.now()\`).
- **Broadcast**: one payment watched by 1, 100 and 1000 Node WebSocket viewers of
  \`/api/shops/demo-open/payments/{id}/stream\`; per notification, the time until each viewer has
  the new view. p50/p99 over every delivery.
- **Upstream polls per minute**: a loopback proxy between the checkout Worker and the sandbox
  counts \`GET /v3/payments/{id}\` for one payment watched by 1 and by 100 viewers for
  ${results.upstreamPolls?.[0]?.windowSeconds ?? 60} s without notifications (scaled to a minute). One poll serves every viewer, so
  the two figures should match: the budget is one poll per \`POLL_INTERVAL_MS\` (5 s: 12 a minute,
  13 when the window catches both ends). A GET that follows the one before within a second is
  the v3 client retrying a failed attempt (loopback connections dropped between attempts), not a
  poll; the GETs including such retries are in brackets.
- **widget.js requests per second**: ${results.widgetRequests?.total ?? 2000} \`GET /widget.js\` with ${results.widgetRequests?.concurrency ?? 100} in flight
  from Node against \`wrangler dev\`, the request every checkout page view makes. The asset layer
  answers it with the headers of \`public-headers/_headers\`; the checkout Worker does not run
  (\`run_worker_first\` lists only its own routes), so it is not billed as a Worker request either.
- **Create-payment throughput**: ${results.createThroughput.direct.total} creates each way with ${results.createThroughput.concurrency} in flight, after ${results.createThroughput.warmUp} warm-up
  creates each way, driven in turns in blocks of ${results.createThroughput.block}: the sandbox's \`POST /v3/payments\` directly,
  the Worker's \`POST /api/shops/demo-open/payments\` (each from its own client address, so the
  per-customer rate limit is not what is measured), and the **bare pass-through bound**: a Worker
  of a few lines (\`test/bench/pass-through-worker.mjs\`, started by the bench under \`wrangler
  dev\`) that forwards the body to \`POST /v3/payments\` with no routing, checks or state. The
  checkout Worker and the pass-through both reach the sandbox through the same counting proxy, so
  the Worker / bound ratio compares like with like; a rate is a way's creates over the time its
  blocks took. Where the Worker's time goes: \`npm run profile:create\` and docs/architecture.md,
  "What a create costs, measured locally".
${costSection(results.checkoutCost)}${webhookSection(results.notificationToWebhook, results.webhookDelivery)}${ledgerSection(results.ledger, results.ledgerScale)}${registrySection(results.registry)}`;
}

/** What one checkout costs: how the counts are taken (empty when the run has none). */
function costSection(cost, watchedSeconds = 30) {
  if (!cost) return "";
  return `- **One checkout**: against a second checkout Worker, \`wrangler dev test/bench/counted-worker.mjs
  -c wrangler.toml\`: the product's entry with the bindings the platform hands it wrapped in
  counters (a deployment builds \`worker/checkout/index.ts\` and never sees that file). It counts
  where the code meets the platform: each \`fetch()\` and \`queue()\` invocation of the Worker (Worker
  requests); each call on a Durable Object stub (RPC method or \`fetch\`) and each alarm (Durable
  Object requests; the WebSocket messages the runtime delivers are shown apart, 20 of them are
  billed as one request, and the element's pings are answered without waking the object); the rows each SQL
  statement read and wrote as its cursor reports them (\`rowsRead\`, \`rowsWritten\`, what the
  platform bills for SQLite-backed objects; Miniflare's own bookkeeping of object names is left out), plus key-value puts and deletes and alarms set or
  deleted (a row written each); Queue messages sent, received and acked; D1 queries; and the
  upstream calls at the counting proxy. One checkout is what the element and the customer do: the
  shop's settings, the create, the WebSocket stream, then the sandbox receives the exact amount (its
  signed notification makes the payment UNCONFIRMED) and confirms it (CONFIRMED); the viewer
  closes at the final status, and the count ends once every webhook event was acked. The run
  counts a first checkout to warm the isolate (the registry cache, the currency list) and reports
  the second. What a customer watching longer adds is measured apart: one viewer on a payment for
  ${watchedSeconds} s without changes, scaled to a minute (the alarm's polls). Not counted: the
  alarms that come due days later (a payment's snapshots forgotten 30 days after its final
  status, an order deleted 90 days after its last activity), and time (Durable Object duration).
`;
}

/** The shop registry's figures: what they measure and how (empty when the run has none). */
function registrySection(r) {
  if (!r) return "";
  return `- **Shop registry**: ${r.shops} shops are added through \`POST /admin/shops\` (${r.concurrency} in flight; each a
  schema check, its secrets sealed with AES-GCM, one D1 batch with the audit entry), against the
  local D1 of \`wrangler dev\`. Then \`GET /api/shops/{id}\`, the request a widget makes first, one
  at a time: **warm**, after every shop was read once, ${r.warm.samples} requests over random shops of the
  ${r.shops} (served from the isolate's cache: no D1 read within \`SHOP_CACHE_TTL_MS\`); the same for a
  shop of the SHOPS var; and **cold**, after the checkout Worker was restarted (a new isolate with
  an empty cache, started by the restart's readiness check, a request of a SHOPS var shop): the
  first request of each of ${r.cold.samples} registry shops, each reading its row and the registry
  version from D1 in one batch, opening its secrets and checking it with the shop schema. The upstream's currency list is
  cached for every shop of the same account, so no figure includes an upstream call. Locally D1
  is a SQLite file next to the Worker; on the platform a D1 read crosses the network to the
  database's region or a read replica (docs/checkout.md, "Reads, the cache, and regions").
`;
}

/** The two webhook figures: what they measure and how (empty when the run has none). */
function webhookSection(latency, delivery) {
  if (!latency || !delivery) return "";
  const d = delivery;
  return `- **Notification POST -> shop backend received**: the demo shops' webhooks go to a
  \`node:http\` receiver inside the bench process (no reference backend), which verifies every
  delivery with \`new Webhook(secret).verify(body, headers)\` (\`standardwebhooks\`, the shop's
  \`whsec_\` secret) and counts a refused signature as an error. For ${latency.payments} payments
  created through \`POST /api/shops/demo-open/payments\`, the bench posts ${latency.notifications} signed \`v3/payment\`
  notifications to \`/hooks/demo-open\` as the upstream does, one at a time, each a real change
  (a growing pending and paid amount, a later timestamp); the time runs from just before the POST
  to the moment the receiver has the whole webhook of that payment and version (the change, its
  event in the outbox, the Queue, the consumer's signed POST). Min, p50/p95/p99 (nearest rank) and
  max over ${latency.samples} events.
- **${d.total} events, receiver failing ${Math.round(d.failRate * 100)} % of first attempts**: ${d.payments} new payments, ${d.payments} notification
  POSTs in flight (each payment's changes in order); the receiver answers 503 to the first
  attempt of a random ${Math.round(d.failRate * 100)} % of the webhook ids (mulberry32 PRNG, seed ${d.seed}) and 200 otherwise and to
  retries, which the Worker sends after \`WEBHOOK_RETRY_SCHEDULE\` (\`1,1,2,3,5,10,30\` s here,
  +-20 % jitter). "Accepted" are the POSTs the Worker answered 200, "apply" those it stored as a
  change (\`{"received":true,"outcome":"apply"}\`), each one webhook event. "Delivered" counts
  distinct event ids the receiver accepted with 200; "lost" the applied changes (payment id +
  version) not accepted ${d.drainTimeoutSeconds} s after the last POST. "Raw repeats" are 200s for an event id
  already accepted (the receiver drops them by id); "duplicates after dedupe" are distinct ids
  carrying a payment version already received. The drain time runs from the first POST to the
  first 200 of the last event delivered; the POSTs alone took the time in brackets.
`;
}

/** The payments ledger's figures: what they measure and how (empty when the run has none). */
function ledgerSection(r, scale) {
  if (!r || !scale) return "";
  return `- **Payments ledger, lag**: ${r.lag.payments} payments, one at a time, created through the Worker and then moved by the
  sandbox's control API (a transaction of the whole amount: UNCONFIRMED; accepted: CONFIRMED), ${r.lag.samples} events in all. After each
  step the bench asks \`GET /api/shops/demo-open/ledger/payments?q=<payment id>\` every 5 ms; an event's lag is the first time
  an answer lists the payment at the event's version minus the event's timestamp (the row's \`updatedAt\`, the Worker's clock
  when the payment's Durable Object recorded the change): the outbox's send, the Queue, the consumer's D1 batch, and up to one
  poll. Both are this machine's epoch clock. A version the poll missed (two changes between two answers) has no sample.
- **Ledger backfill**: \`POST /api/shops/demo-open/ledger/backfill\` through demo-open's whole event log in pages of
  ${r.backfill.page} events (each page one HTTP request, one read of the event log, one D1 batch of four statements an event), what
  \`crypto-checkout ledger backfill\` writes a second.
- **Ledger at scale** (test/bench/ledger-scale.mjs): a ledger of its own with ${scale.rows.toLocaleString("en")} payments of demo-open, seeded in
  ${scale.seedSeconds} s by one SQL file through \`wrangler d1 execute LEDGER --local --file\` (a recursive CTE makes the rows inside
  SQLite, shaped as the Worker writes them: exact decimal strings, the payment view as JSON, one transaction for each paid
  payment; 60 % confirmed, 25 % expired, 2 % invalid ..., 5 minutes apart over the last year), served by the checkout Worker
  under \`wrangler dev\` (its ledger build, test/bench/ledger-worker.mjs: the product's routes and two bench-only ones). **List**:
  the backend API's list route from this process, one request at a time, 5 warm-up and 60 measured of each: the first page
  (50 rows), the page after a cursor half-way down (from a real answer), \`status=INVALID\` (2 % of the rows) and
  \`q=order-04213\` (an order-id prefix, 10 matches); the client's time for the whole request (the Worker's routing and
  token check, the D1 query, the JSON). \`bench-results/latest.json\` has SQLite's plan of each (EXPLAIN QUERY PLAN of the
  route's own SQL) and the median time of that SQL's D1 call measured inside the Worker (the rest of a request is
  \`wrangler dev\`'s proxy, the Worker and the machine's load: the floor row is the same route refused at its token check,
  before any D1 call). **CSV export**: \`GET .../ledger/payments.csv\` of all of them, read to the end by this process,
  twice; the workerd process of that \`wrangler dev\` (the Worker and the local D1 both run in it) has its \`VmRSS\` read
  from \`/proc/<pid>/status\` every 20 ms and at every chunk while it streams, and its \`VmHWM\` (peak) after. The
  first export also brings the whole table into SQLite's page cache and leaves garbage for V8 to collect, so its peak can
  rise by some MB; a stream that held the file would rise by the file's size again the second time, a flat one does not
  (it holds one page of 500 rows at a time). **Writes**: a bench-only route hands the queue consumer's ledger step (ledger/record-batch.ts \`recordBatch\`, as
  \`queue()\` calls it) ${scale.writes.batches} batches of 10 payment events, one after another (25 a request), each one D1 batch with the
  retention's pruning step: half the events new payments (NEW), half the payments of the batch before moving to CONFIRMED with a
  transaction; the rate is over the requests' wall time, on top of the ${scale.rows.toLocaleString("en")} rows.
`;
}
