// The network between the checkout Worker and the payment service in the soak: an HTTP proxy on
// 127.0.0.1 in front of the sandbox's /v3 API (the Worker's SANDBOX_BASE_URL points here) that
// passes requests through, or, while a fault is on:
// - "error": answers 500, 502 or 503 at once, nothing reaches the service (an outage);
// - "hang": holds the request, nothing reaches the service, and drops the connection after
//   HANG_MS, past the Worker's per-attempt timeout (5 s);
// - "slow": sends the request on and holds the service's answer SLOW_MS, past the timeout: the
//   service did the work, the Worker never heard. A payment created so is an orphan upstream.
import { Agent, createServer, request } from "node:http";

export const HANG_MS = 7000;
export const SLOW_MS = 6500;
const ERROR_STATUSES = [500, 502, 503];

export async function startUpstreamProxy({ port, target, random }) {
  const to = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let mode = "pass";
  const stats = { forwarded: 0, errors: 0, hung: 0, slowed: 0, lostAnswers: 0 };
  /** Payments the service created whose answer never reached the Worker. */
  const orphans = [];

  const forward = (req, body) =>
    new Promise((resolve, reject) => {
      const out = request(
        {
          host: to.hostname,
          port: to.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: to.host },
          agent,
        },
        (answer) => {
          const chunks = [];
          answer.on("data", (c) => chunks.push(c));
          answer.on("end", () =>
            resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }),
          );
          answer.on("error", reject);
        },
      );
      out.on("error", reject);
      out.end(body);
    });

  const server = createServer((req, res) => {
    // The Worker gave up (its timeout): the connection closed before an answer was written.
    let gone = false;
    res.on("close", () => {
      if (!res.writableEnded) gone = true;
    });
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks);
      const now = mode;
      if (now === "error") {
        stats.errors++;
        const status = ERROR_STATUSES[Math.floor(random() * ERROR_STATUSES.length)];
        res.writeHead(status, { "content-type": "application/json" }).end('{"message":"injected outage"}');
        return;
      }
      if (now === "hang") {
        stats.hung++;
        setTimeout(() => res.destroy(), HANG_MS);
        return;
      }
      let answer;
      try {
        answer = await forward(req, body);
      } catch (error) {
        res.writeHead(502, { "content-type": "text/plain" }).end(`soak proxy: ${error.message}`);
        return;
      }
      stats.forwarded++;
      const send = () => {
        if (gone || res.destroyed) {
          stats.lostAnswers++;
          if (req.method === "POST" && req.url === "/v3/payments" && answer.status < 300) {
            try {
              orphans.push(JSON.parse(answer.body.toString("utf8")).paymentId);
            } catch {
              // not JSON: nothing to record
            }
          }
          return;
        }
        const headers = { ...answer.headers };
        delete headers["transfer-encoding"];
        delete headers.connection;
        res.writeHead(answer.status, { ...headers, "content-length": String(answer.body.length) }).end(answer.body);
      };
      if (now === "slow") {
        stats.slowed++;
        setTimeout(send, SLOW_MS);
      } else send();
    });
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    orphans,
    get mode() {
      return mode;
    },
    /** "pass", "error", "hang" or "slow". */
    setMode(next) {
      mode = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
