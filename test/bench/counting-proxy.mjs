// A loopback HTTP proxy between the checkout Worker and the sandbox that counts the Worker's
// upstream requests by route and by payment, so the bench sees exactly what one payment costs.
import { createServer } from "node:http";

/** Route key with ids replaced: "GET /v3/payments/:id". */
export function routeKey(method, path) {
  const clean = path.split("?")[0].replace(/^\/v3\/payments\/[^/]+/, "/v3/payments/:id");
  return `${method} ${clean}`;
}

/**
 * Forwards one request with fetch (the body read first), so that no connection the proxy keeps
 * to the sandbox can stall a request: a stalled GET would time out in the Worker and be retried,
 * and the retry would count as a second upstream request.
 */
async function forward(req, res, target) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const headers = Object.fromEntries(
    Object.entries(req.headers).filter(
      ([name]) => !["host", "connection", "content-length", "transfer-encoding", "keep-alive"].includes(name),
    ),
  );
  try {
    const answer = await fetch(target, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
      redirect: "manual",
    });
    const body = Buffer.from(await answer.arrayBuffer());
    res.writeHead(answer.status, {
      "content-type": answer.headers.get("content-type") ?? "application/json",
      "content-length": body.length,
    });
    res.end(body);
  } catch {
    res.writeHead(502, { "content-type": "application/json" });
    res.end('{"error":"proxy: upstream unreachable"}');
  }
}

/** Starts the proxy on 127.0.0.1:`port`, forwarding to `target` (http://127.0.0.1:P). */
export function startCountingProxy(port, target) {
  const byRoute = new Map();
  const paymentGets = new Map();
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    const key = routeKey(req.method ?? "GET", path);
    byRoute.set(key, (byRoute.get(key) ?? 0) + 1);
    const payment = req.method === "GET" ? /^\/v3\/payments\/([^/?]+)$/.exec(path.split("?")[0])?.[1] : undefined;
    if (payment) paymentGets.set(payment, [...(paymentGets.get(payment) ?? []), Date.now()]);
    void forward(req, res, new URL(path, upstream));
  });
  // Longer than any poll interval: a connection the Worker keeps is never closed under it.
  server.keepAliveTimeout = 120_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        /** GET /v3/payments/{id} requests seen for one payment. */
        paymentGets: (paymentId) => paymentGets.get(paymentId)?.length ?? 0,
        /** When each of them arrived (ms since the epoch). */
        paymentGetTimes: (paymentId) => [...(paymentGets.get(paymentId) ?? [])],
        /** A copy of the counts by route. */
        routes: () => Object.fromEntries(byRoute),
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}
