// A loopback HTTP proxy between the checkout Worker and the sandbox that counts the Worker's
// upstream requests by route and by payment, so the bench sees exactly what one payment costs.
import { createServer, request } from "node:http";

/** Route key with ids replaced: "GET /v3/payments/:id". */
export function routeKey(method, path) {
  const clean = path.split("?")[0].replace(/^\/v3\/payments\/[^/]+/, "/v3/payments/:id");
  return `${method} ${clean}`;
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
    if (payment) paymentGets.set(payment, (paymentGets.get(payment) ?? 0) + 1);
    const forward = request({ host: upstream.hostname, port: upstream.port, method: req.method, path, headers: { ...req.headers, host: upstream.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on("error", () => {
      res.writeHead(502, { "content-type": "application/json" });
      res.end('{"error":"proxy: upstream unreachable"}');
    });
    req.pipe(forward);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        /** GET /v3/payments/{id} requests seen for one payment. */
        paymentGets: (paymentId) => paymentGets.get(paymentId) ?? 0,
        /** A copy of the counts by route. */
        routes: () => Object.fromEntries(byRoute),
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}
