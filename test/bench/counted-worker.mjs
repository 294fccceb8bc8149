// The checkout Worker with its platform bindings wrapped in counters, for `npm run bench` only:
// `wrangler dev test/bench/counted-worker.mjs -c wrangler.toml` runs it with the production
// configuration (a deployment builds worker/checkout/index.ts, which knows nothing of this file).
// It counts what the platform bills, where the Worker's code meets the platform:
// - Worker invocations: every fetch() (by route) and queue() (by queue, with its messages);
// - Durable Object requests: every call on a stub (RPC method or fetch, by class and method),
//   every alarm and every WebSocket event the runtime delivers to an object;
// - Durable Object storage: rows read and written by each SQL statement (the cursor's own
//   rowsRead / rowsWritten, as the platform bills SQLite-backed objects), key-value puts and
//   deletes, alarms set and deleted;
// - Queue messages sent (send / sendBatch), received, acked and retried;
// - D1 queries, with the rows read and written that D1 reports for each.
// GET /__bench/counts answers the totals so far (the Worker and its objects share one isolate
// under `wrangler dev`, so one module-level table sees them all). The code under count is the
// product's, unchanged: only the objects the platform hands it are wrapped.
import checkout, * as product from "../../worker/checkout/index.ts";

const counts = new Map();
const cursors = [];
const bump = (key, by = 1) => counts.set(key, (counts.get(key) ?? 0) + by);

/** Totals so far, with the SQL cursors' rows summed now (a cursor's figures are final once it is read). */
function snapshot() {
  const out = Object.fromEntries(counts);
  let read = 0;
  let written = 0;
  const byStatement = {};
  for (const { cursor, statement } of cursors) {
    read += cursor.rowsRead;
    written += cursor.rowsWritten;
    if (cursor.rowsWritten) byStatement[statement] = (byStatement[statement] ?? 0) + cursor.rowsWritten;
  }
  out["storage sql rows read"] = read;
  out["storage sql rows written"] = written;
  for (const [statement, rows] of Object.entries(byStatement)) out[`storage rows written by: ${statement}`] = rows;
  return out;
}

/** A statement's first words, for the rows-written breakdown: "INSERT INTO snapshots". */
function statementKey(query) {
  return String(query).replace(/\s+/g, " ").trim().split(" ").slice(0, 6).join(" ").replace(/\(.*$/, "").trim();
}

/** `target` with its methods bound to it, and `overrides` (name -> value) in front. */
function wrap(target, overrides) {
  return new Proxy(target, {
    get(object, name) {
      if (Object.hasOwn(overrides, name)) return overrides[name];
      const value = Reflect.get(object, name, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
  });
}

/** A Durable Object stub whose every call counts as one request to `className`. */
function countedStub(stub, className) {
  return new Proxy(stub, {
    get(object, name) {
      const value = Reflect.get(object, name, object);
      if (typeof name !== "string" || typeof value !== "function" || name === "then") return value;
      return (...args) => {
        bump(`do request ${className}.${name}`);
        return object[name](...args);
      };
    },
  });
}

function countedNamespace(namespace, className) {
  return wrap(namespace, {
    get: (id, options) => countedStub(namespace.get(id, options), className),
  });
}

function countedQueue(queue, name) {
  return wrap(queue, {
    send: (body, options) => {
      bump(`queue messages sent ${name}`);
      return queue.send(body, options);
    },
    sendBatch: (messages, options) => {
      bump(`queue messages sent ${name}`, [...messages].length);
      return queue.sendBatch(messages, options);
    },
  });
}

/** D1: each query counted once it ran, with the rows its meta reports. */
const realStatements = new WeakMap();
function countResult(result) {
  for (const one of Array.isArray(result) ? result : [result]) {
    bump("d1 queries");
    bump("d1 rows read", one?.meta?.rows_read ?? 0);
    bump("d1 rows written", one?.meta?.rows_written ?? 0);
  }
  return result;
}
function countedStatement(statement) {
  const counted = wrap(statement, {
    bind: (...values) => countedStatement(statement.bind(...values)),
    first: async (column) => {
      // first() answers no meta: the rows read are those of the statement run in full.
      bump("d1 queries");
      return statement.first(column);
    },
    all: async () => countResult(await statement.all()),
    run: async () => countResult(await statement.run()),
    raw: async (options) => {
      bump("d1 queries");
      return statement.raw(options);
    },
  });
  realStatements.set(counted, statement);
  return counted;
}
function countedD1(db) {
  return wrap(db, {
    prepare: (query) => countedStatement(db.prepare(query)),
    batch: async (statements) => countResult(await db.batch(statements.map((s) => realStatements.get(s) ?? s))),
    exec: async (query) => {
      bump("d1 queries");
      return db.exec(query);
    },
  });
}

const NAMESPACES = { PAYMENTS: "PaymentObject", ORDERS: "OrderObject", SHOP_EVENTS: "ShopEventsObject" };
const QUEUES = { WEBHOOK_EVENTS: "webhooks", WEBHOOK_DEAD_LETTERS: "dead letters" };

function countedEnv(env) {
  const overrides = {};
  for (const [binding, className] of Object.entries(NAMESPACES))
    if (env[binding]) overrides[binding] = countedNamespace(env[binding], className);
  for (const [binding, name] of Object.entries(QUEUES))
    if (env[binding]) overrides[binding] = countedQueue(env[binding], name);
  // The shop registry and the payments ledger: both D1 databases, counted together.
  for (const binding of ["DB", "LEDGER"]) if (env[binding]) overrides[binding] = countedD1(env[binding]);
  return new Proxy(env, {
    get: (object, name) => (Object.hasOwn(overrides, name) ? overrides[name] : Reflect.get(object, name)),
  });
}

/**
 * Counts every storage call of every object: the runtime refuses a wrapped DurableObjectState, so
 * the methods of its storage's prototypes are wrapped instead, once, when the first object starts.
 */
let storagePatched = false;
function countStorage(storage) {
  if (storagePatched) return;
  storagePatched = true;
  const sqlPrototype = Object.getPrototypeOf(storage.sql);
  const exec = sqlPrototype.exec;
  sqlPrototype.exec = function (...args) {
    // Miniflare's own bookkeeping of the object's name: local only, not the product's.
    if (String(args[0]).includes("__miniflare")) return exec.apply(this, args);
    bump("storage sql statements");
    const cursor = exec.apply(this, args);
    cursors.push({ cursor, statement: statementKey(args[0]) });
    return cursor;
  };
  const storagePrototype = Object.getPrototypeOf(storage);
  for (const [method, key] of [
    ["put", "kv put"],
    ["delete", "kv delete"],
    ["deleteAll", "deleteAll"],
    ["setAlarm", "setAlarm"],
    ["deleteAlarm", "deleteAlarm"],
  ]) {
    const original = storagePrototype[method];
    storagePrototype[method] = function (...args) {
      bump(`storage ${key}`);
      return original.apply(this, args);
    };
  }
}

/** The product's Durable Object class with counted storage and bindings, and its runtime events counted. */
function counted(Base, className) {
  return class extends Base {
    constructor(ctx, env) {
      countStorage(ctx.storage);
      super(ctx, countedEnv(env));
    }
    alarm(...args) {
      bump(`do request ${className}.alarm`);
      return super.alarm(...args);
    }
    webSocketMessage(...args) {
      bump(`do websocket message ${className}`);
      return super.webSocketMessage(...args);
    }
    webSocketClose(...args) {
      bump(`do websocket close ${className}`);
      return super.webSocketClose(...args);
    }
  };
}

export const PaymentObject = product.PaymentObject && counted(product.PaymentObject, "PaymentObject");
export const OrderObject = product.OrderObject && counted(product.OrderObject, "OrderObject");
export const ShopEventsObject = counted(product.ShopEventsObject, "ShopEventsObject");
// The dashboard's sessions, refunds and payment links: no part of a checkout, passed through uncounted.
export const DeskSessionObject = product.DeskSessionObject;
export const RefundsObject = product.RefundsObject;
export const LinksObject = product.LinksObject;

/** The route of a request with its ids left out: "POST /api/shops/:shop/payments". */
function routeOf(request) {
  const path = new URL(request.url).pathname
    .replace(/^\/api\/shops\/[^/]+/, "/api/shops/:shop")
    .replace(/\/payments\/[^/]+/, "/payments/:id")
    .replace(/^\/hooks\/[^/]+/, "/hooks/:shop");
  return `${request.method} ${path}`;
}

export default {
  fetch(request, env, ctx) {
    if (new URL(request.url).pathname === "/__bench/counts") return Response.json(snapshot());
    bump(`worker request fetch ${routeOf(request)}`);
    return checkout.fetch(request, countedEnv(env), ctx);
  },
  async queue(batch, env, ctx) {
    bump(`worker request queue ${batch.queue}`);
    bump(`queue messages received ${batch.queue}`, batch.messages.length);
    const messages = batch.messages.map((message) =>
      wrap(message, {
        ack: () => (bump(`queue messages acked ${batch.queue}`), message.ack()),
        retry: (options) => (bump(`queue messages retried ${batch.queue}`), message.retry(options)),
      }),
    );
    return checkout.queue(wrap(batch, { messages }), countedEnv(env), ctx);
  },
};
