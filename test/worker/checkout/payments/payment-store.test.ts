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
      store.requestRefetch();

      const before = written();
      store.fetchSucceeded(6_000, true, 6_000);
      expect(written() - before).toBe(1);
      expect(store.current()).toMatchObject({
        last_fetch_at: 6_000,
        source_time: 6_000,
        failures: 0,
        refetch_requested: 0,
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
});
