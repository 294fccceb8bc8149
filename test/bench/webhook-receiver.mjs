// The shop's webhook endpoint for the benchmark: a node:http server on 127.0.0.1 that verifies
// every delivery the Standard Webhooks way (`standardwebhooks`, the shop's whsec_ secret), keeps
// a log of every attempt with the time it arrived, and can answer 503 to the first attempt of a
// seeded-random share of the webhook ids (the Worker then retries them).
import { createServer } from "node:http";
import { performance } from "node:perf_hooks";
import { Webhook } from "standardwebhooks";

const now = () => performance.timeOrigin + performance.now();
/** The largest body read; a webhook is a few KB. */
const MAX_BODY_BYTES = 1 << 20;

/** mulberry32: a small seeded PRNG (as test/worker/checkout/support/prng.ts), floats in [0, 1). */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** "paymentId#version" of a payment event (undefined for other events). */
export const changeKey = (paymentId, version) => `${paymentId}#${version}`;

/** The request's body as UTF-8 text; rejects beyond MAX_BODY_BYTES. */
export function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(new Error("body too large"));
      else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/**
 * Starts the receiver on 127.0.0.1:`port` (0: any free port), POST `path` only. Every attempt is
 * logged as `{ id, at, status, verified, paymentId, version, key, event }` (`at` on the epoch
 * clock, when the whole body had arrived). A delivery whose signature does not verify is answered
 * 401 and counted in `refused`.
 */
export function startWebhookReceiver({ secret, port = 0, path = "/webhooks" }) {
  const webhook = new Webhook(secret);
  const log = [];
  const attempts = new Map();
  /** Event id -> first accepted attempt; change key -> first accepted attempt. */
  const acceptedById = new Map();
  const acceptedByChange = new Map();
  const waiters = new Map();
  let refused = 0;
  let failing;

  const answer = (res, status, body) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    if (req.method !== "POST" || req.url !== path) return answer(res, 404, { error: "not found" });
    let body;
    try {
      body = await readBody(req);
    } catch {
      return answer(res, 400, { error: "unreadable body" });
    }
    const at = now();
    let event;
    try {
      event = webhook.verify(body, req.headers);
    } catch {
      refused++;
      log.push({ id: String(req.headers["webhook-id"] ?? ""), at, status: 401, verified: false });
      return answer(res, 401, { error: "invalid signature" });
    }
    const id = event.id;
    const paymentId = event.data?.payment?.paymentId;
    const version = event.data?.version;
    const key = paymentId === undefined ? undefined : changeKey(paymentId, version);
    const attempt = (attempts.get(id) ?? 0) + 1;
    attempts.set(id, attempt);
    let status = 200;
    if (
      failing &&
      attempt === 1 &&
      paymentId !== undefined &&
      failing.paymentIds.has(paymentId) &&
      failing.random() < failing.rate
    ) {
      status = 503;
      failing.injected++;
    }
    const entry = { id, at, status, verified: true, attempt, paymentId, version, key, event };
    log.push(entry);
    if (status === 200) {
      if (!acceptedById.has(id)) acceptedById.set(id, entry);
      if (key !== undefined && !acceptedByChange.has(key)) {
        acceptedByChange.set(key, entry);
        waiters.get(key)?.(entry);
        waiters.delete(key);
      }
      return answer(res, 200, { received: true });
    }
    answer(res, status, { error: "injected failure" });
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actualPort = typeof address === "object" && address ? address.port : port;
      resolve({
        port: actualPort,
        url: `http://127.0.0.1:${actualPort}${path}`,
        /** Every attempt so far, in arrival order (the array itself: read, do not change). */
        log,
        /** Deliveries whose signature did not verify, so far. */
        refused: () => refused,
        /** The first accepted delivery of this payment's version, if any. */
        accepted: (paymentId, version) => acceptedByChange.get(changeKey(paymentId, version)),
        /** Resolves with the first accepted delivery of this payment's version; rejects after timeoutMs. */
        waitFor(paymentId, version, timeoutMs) {
          const key = changeKey(paymentId, version);
          const done = acceptedByChange.get(key);
          if (done) return Promise.resolve(done);
          let timer;
          return new Promise((resolveWait, rejectWait) => {
            waiters.set(key, resolveWait);
            timer = setTimeout(() => {
              waiters.delete(key);
              rejectWait(
                new Error(`no webhook for payment ${paymentId} version ${version} within ${timeoutMs / 1000} s`),
              );
            }, timeoutMs);
          }).finally(() => clearTimeout(timer));
        },
        /**
         * From now on, the first attempt of each webhook id of these payments is answered 503 with
         * probability `rate` (seeded PRNG, drawn in arrival order); null stops it. Returns the
         * number of failures injected by the policy that ends.
         */
        failFirstAttempts(policy) {
          const injected = failing?.injected ?? 0;
          failing = policy && {
            rate: policy.rate,
            random: mulberry32(policy.seed),
            paymentIds: new Set(policy.paymentIds),
            injected: 0,
          };
          return injected;
        },
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}
