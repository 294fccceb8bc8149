import { describe, expect, it } from "vitest";
import { formatLog, registerSecret } from "../../../../worker/checkout/http/log.js";

describe("structured logs", () => {
  it("writes one JSON object with time, level, event and the fields", () => {
    const entry = JSON.parse(formatLog("info", "request", { requestId: "r-1", status: 200 })) as Record<
      string,
      unknown
    >;
    expect(entry).toMatchObject({ level: "info", event: "request", requestId: "r-1", status: 200 });
    expect(typeof entry.time).toBe("string");
  });

  it("writes the time of the clock, and no time while the clock reads the epoch (workerd at start-up)", () => {
    const at = Date.UTC(2026, 10, 24, 23, 15, 0, 123);
    expect(JSON.parse(formatLog("info", "request", {}, at))).toMatchObject({ time: "2026-11-24T23:15:00.123Z" });
    const atStart = JSON.parse(formatLog("info", "config_loaded", { shops: ["a"] }, 0)) as Record<string, unknown>;
    expect(atStart).toEqual({ shops: ["a"], level: "info", event: "config_loaded" });
    expect(formatLog("info", "config_loaded", {}, 0)).not.toContain("1970");
  });

  it("redacts fields whose names look secret, at any depth", () => {
    const entry = JSON.parse(
      formatLog("warn", "x", {
        apiKeySecret: "a",
        nested: { Authorization: "Basic abc", hmacKey: "b", orderToken: "c" },
        list: [{ password: "d" }],
      }),
    ) as Record<string, unknown>;
    expect(entry).toMatchObject({
      apiKeySecret: "[redacted]",
      nested: { Authorization: "[redacted]", hmacKey: "[redacted]", orderToken: "[redacted]" },
      list: [{ password: "[redacted]" }],
    });
  });

  it("scrubs a registered secret value, and its base64, wherever it appears", () => {
    registerSecret("s3cr3t-value-for-log-test");
    const line = formatLog("error", "x", {
      message: "upstream said s3cr3t-value-for-log-test",
      header: `Basic ${btoa("s3cr3t-value-for-log-test")}`,
    });
    expect(line).not.toContain("s3cr3t-value-for-log-test");
    expect(line).not.toContain(btoa("s3cr3t-value-for-log-test"));
    expect(line).toContain("[redacted]");
  });

  it("keeps only the name and message of an error (no stack)", () => {
    const entry = JSON.parse(formatLog("error", "x", { error: new TypeError("boom") })) as { error: unknown };
    expect(entry.error).toEqual({ name: "TypeError", message: "boom" });
  });

  it("does not let a field overwrite the level or the event", () => {
    const entry = JSON.parse(formatLog("error", "real", { level: "info", event: "fake" })) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: "error", event: "real" });
  });
});
