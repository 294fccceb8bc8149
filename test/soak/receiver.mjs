// The shop's webhook endpoint in the soak, independent of the Worker's code: a node:http server
// on 127.0.0.1 that verifies every delivery with the `standardwebhooks` library (the shop's whsec_
// secret) and records, per event id, how often it came and the hash of each distinct content.
// It can be taken down (the port closed: connections refused) and brought up again on that port.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";
import { readBody } from "../bench/webhook-receiver.mjs";

/** JSON text with every object's keys sorted: equal for equal content whatever the key order. */
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

export const sha256 = (text) => createHash("sha256").update(text).digest("hex");

/**
 * Starts the receiver on 127.0.0.1:`port`, POST `path`. `received` maps each verified event id to
 * `{ count, hashes: Set (of canonical content), rawHashes: Set, event, firstAt }`.
 */
export async function startReceiver({ port, secret, path = "/webhooks" }) {
  const webhook = new Webhook(secret);
  /** @type {Map<string, { count: number, hashes: Set<string>, rawHashes: Set<string>, event: any, firstAt: number }>} */
  const received = new Map();
  const stats = { attempts: 0, verified: 0, refused: 0, outages: 0, downMs: 0 };
  let server;
  let downSince;

  const handle = async (req, res) => {
    stats.attempts++;
    if (req.method !== "POST" || req.url !== path) {
      res.writeHead(404).end();
      return;
    }
    let body;
    let event;
    try {
      body = await readBody(req);
      event = webhook.verify(body, req.headers);
    } catch {
      stats.refused++;
      res.writeHead(401, { "content-type": "application/json" }).end('{"error":"invalid signature"}');
      return;
    }
    stats.verified++;
    const entry = received.get(event.id) ?? {
      count: 0,
      hashes: new Set(),
      rawHashes: new Set(),
      event,
      firstAt: Date.now(),
    };
    entry.count++;
    entry.hashes.add(sha256(canonicalJson(event)));
    entry.rawHashes.add(sha256(body));
    received.set(event.id, entry);
    res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
  };

  const open = async () => {
    server = createServer((req, res) => void handle(req, res));
    server.keepAliveTimeout = 2000;
    for (let tries = 0; ; tries++) {
      try {
        await new Promise((resolve, reject) => {
          server.once("error", reject);
          server.listen(port, "127.0.0.1", () => {
            server.off("error", reject);
            resolve();
          });
        });
        break;
      } catch (error) {
        if (tries >= 20) throw error;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    if (downSince !== undefined) stats.downMs += Date.now() - downSince;
    downSince = undefined;
  };

  await open();
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    stats,
    get isUp() {
      return downSince === undefined;
    },
    /** Takes the endpoint down: open connections cut, new ones refused. */
    async down() {
      if (downSince !== undefined) return;
      downSince = Date.now();
      stats.outages++;
      const closing = server;
      await new Promise((resolve) => {
        closing.close(() => resolve());
        closing.closeAllConnections();
      });
    },
    /** Brings it back on the same port. */
    async up() {
      if (downSince === undefined) return;
      await open();
    },
    async close() {
      if (downSince !== undefined) return;
      await new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
