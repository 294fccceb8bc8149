import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Env } from "../../../../worker/checkout/env.js";
import { PaymentStore } from "../../../../worker/checkout/payments/payment-store.js";
import { newPayment } from "../support/payments.js";

const testEnv = env as unknown as Env;

/** The object's SQL with the rows each statement wrote added up (the cursor's rowsWritten, what the platform bills). */
function countingSql(sql: SqlStorage) {
  const cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[] = [];
  const counted = {
    exec: (query: string, ...bindings: unknown[]) => {
      const cursor = sql.exec(query, ...bindings);
      cursors.push(cursor);
      return cursor;
    },
  } as unknown as SqlStorage;
  const written = () => cursors.reduce((sum, cursor) => sum + cursor.rowsWritten, 0);
  return { counted, written };
}

describe("PaymentStore", () => {
  it("writes what one poll found in one row: its time, its outcome and a duplicate's later source time", async () => {
    const payment = newPayment();
    const stub = testEnv.PAYMENTS.get(testEnv.PAYMENTS.idFromName(`store-test:${payment.paymentId}`));
    await runInDurableObject(stub, (_instance, state) => {
      const { counted, written } = countingSql(state.storage.sql);
      const store = new PaymentStore(state.storage, counted);
      store.store({
        shopId: "demo-open",
        payment,
        version: 1,
        source: "created",
        sourceTime: 1_000,
        fingerprint: "f1",
        expiresAt: undefined,
        fetchedAt: 1_000,
      });
      expect(store.current()).toMatchObject({ last_fetch_at: 1_000, source_time: 1_000 });
      // A re-fetch the shop's hint budget deferred keeps its time until a fetch answers it.
      store.requestRefetch(9_000);
      expect(store.current()).toMatchObject({ refetch_requested: 1, refetch_not_before: 9_000 });
      store.requestRefetch();
      expect(store.current()).toMatchObject({ refetch_requested: 1, refetch_not_before: null });
      store.requestRefetch(9_000);

      const before = written();
      store.fetchSucceeded(6_000, true, 6_000);
      expect(written() - before).toBe(1);
      expect(store.current()).toMatchObject({
        last_fetch_at: 6_000,
        source_time: 6_000,
        failures: 0,
        refetch_requested: 0,
        refetch_not_before: null,
        expiry_checked: 1,
      });

      const beforeFailure = written();
      store.fetchFailed(11_000);
      expect(written() - beforeFailure).toBe(1);
      expect(store.current()).toMatchObject({ last_fetch_at: 11_000, failures: 1, source_time: 6_000 });

      // A source time is never moved back.
      store.fetchSucceeded(16_000, true, 2_000);
      expect(store.current()).toMatchObject({ last_fetch_at: 16_000, failures: 0, source_time: 6_000 });
    });
    await runInDurableObject(stub, (_instance, state) => state.storage.deleteAll());
  });

  it("adds the deferred re-fetch's column to a payment stored before it existed", async () => {
    const payment = newPayment();
    const stub = testEnv.PAYMENTS.get(testEnv.PAYMENTS.idFromName(`store-test-old:${payment.paymentId}`));
    await runInDurableObject(stub, (_instance, state) => {
      // The table as the first release made it.
      state.storage.sql
        .exec(`CREATE TABLE snapshots (version INTEGER PRIMARY KEY, status TEXT NOT NULL, source TEXT NOT NULL,
        source_time INTEGER NOT NULL, fingerprint TEXT NOT NULL, payment TEXT NOT NULL, applied_at INTEGER NOT NULL);
        CREATE TABLE payment (id INTEGER PRIMARY KEY CHECK (id = 1), shop_id TEXT NOT NULL, payment_id TEXT NOT NULL,
        version INTEGER NOT NULL, status TEXT NOT NULL, source_time INTEGER NOT NULL, fingerprint TEXT NOT NULL,
        expires_at INTEGER, last_fetch_at INTEGER, failures INTEGER NOT NULL DEFAULT 0,
        expiry_checked INTEGER NOT NULL DEFAULT 0, refetch_requested INTEGER NOT NULL DEFAULT 0)`);
      state.storage.sql.exec(
        "INSERT INTO snapshots VALUES (1, 'NEW', 'created', 1000, 'f1', ?, 1000)",
        JSON.stringify(payment),
      );
      state.storage.sql.exec(
        "INSERT INTO payment (id, shop_id, payment_id, version, status, source_time, fingerprint) VALUES (1, 'demo-open', ?, 1, 'NEW', 1000, 'f1')",
        payment.paymentId,
      );
    });
    await runInDurableObject(stub, (_instance, state) => {
      const store = new PaymentStore(state.storage);
      expect(store.current()).toMatchObject({ version: 1, refetch_requested: 0, refetch_not_before: null });
      store.requestRefetch(5_000);
      expect(store.current()).toMatchObject({ refetch_requested: 1, refetch_not_before: 5_000 });
    });
    await runInDurableObject(stub, (_instance, state) => state.storage.deleteAll());
  });
});
