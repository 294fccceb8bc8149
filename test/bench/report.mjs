// docs/bench.md from one bench run (npm run bench -- --docs).

/** Markdown: the table of figures with the date and machine, and what each figure measures. */
export function benchMarkdown(results, rows) {
  const m = results.machine;
  const table = rows.map(([label, value]) => `| ${label.replaceAll("|", "\\|")} | ${value.replaceAll("|", "\\|")} |`).join("\n");
  return `# Benchmark

\`npm run bench\` measures the widget and the whole loop on the machine it runs on and prints the
table below; it also writes every figure to \`bench-results/latest.json\` (\`npm run bench -- --docs\`
rewrites this page). The figures are measurements, not assertions: machines are noisy, and the
numbers below come from one run while other work shared the CPUs.

Latest run: **${results.date.slice(0, 16).replace("T", " ")} UTC**, ${m.cpus} CPUs (${m.model}), Node ${m.node},
Chromium ${m.chromium}, \`wrangler dev\` (workerd) on loopback; ${results.seconds} s in all.

| Figure | Value |
|---|---|
${table}

## What is measured

- **Sizes**: \`dist/public/widget.js\` as built (minified) and compressed with gzip level 9, and each
  lazily loaded locale chunk. English is inside \`widget.js\`.
- **Element connected -> QR painted**: in Chromium, a \`<crypto-checkout>\` is appended to a page
  whose \`fetch\` answers the shop and payment calls at once (stubbed API, no network): time until
  the QR's SVG is in the shadow DOM ("in DOM") and until the next frame is produced ("painted").
  Median of 30 runs in one warm page.
- **Notification POST -> element DOM updated**: the bench posts a signed \`v3/payment\`
  notification (HMAC-SHA256 with the demo key) to \`/hooks/demo-open\`, 200 times in sequence,
  each with a new pending amount; the demo page in Chromium records when the element has rendered
  that amount (\`checkout-payment\`, then \`updateComplete\`). Both clocks are the machine's epoch
  clock (\`performance.timeOrigin + performance.now()\`).
- **Broadcast**: one payment watched by 1, 100 and 1000 Node WebSocket viewers of
  \`/api/shops/demo-open/payments/{id}/stream\`; per notification, the time until each viewer has
  the new view. p50/p99 over every delivery.
- **Upstream GETs per minute**: a loopback proxy between the checkout Worker and the sandbox
  counts \`GET /v3/payments/{id}\` for one payment watched by 1 and by 100 viewers for
  ${results.upstreamPolls?.[0]?.windowSeconds ?? 30} s without notifications (scaled to a minute). One poll serves every viewer, so
  the two figures should match.
- **Create-payment throughput**: ${results.createThroughput.direct.total} creates with ${results.createThroughput.concurrency} in flight, first against the
  sandbox's \`POST /v3/payments\` directly, then through the Worker's
  \`POST /api/shops/demo-open/payments\` (each from its own client address, so the per-customer
  rate limit is not what is measured; the Worker's upstream calls pass the counting proxy). The
  ratio is Worker / direct. The last row lists the upstream calls the Worker made per create.
`;
}
