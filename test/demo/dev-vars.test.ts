/**
 * The local secrets `npm run demo` and the tests generate into .dev.vars (scripts/servers.mjs):
 * filled when missing or empty, kept when set, and never a value that begins with "-" (a command
 * line reads `--admin-token -V...` as the console's version flag).
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ensureDevVars, generateDevValues, readDevVars, shopsForOrigin } from "../../scripts/servers.mjs";

describe("generated local secrets", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const devVars = (text: string) => {
    dir = mkdtempSync(join(tmpdir(), "dev-vars-"));
    const path = join(dir, ".dev.vars");
    writeFileSync(path, text);
    return path;
  };

  it("fills an empty or missing admin token and master key, and keeps every other line", () => {
    const path = devVars("# local secrets\nDEMO_API_KEY_SECRET=sbx_demo\nADMIN_TOKEN=\n");
    generateDevValues(path);
    const vars = readDevVars(path);
    expect(vars.ADMIN_TOKEN).toMatch(/^[0-9a-f]{64}$/);
    expect(vars.SHOP_MASTER_KEYS).toMatch(/^local1:[A-Za-z0-9+/]{43}=$/);
    expect(vars.DEMO_API_KEY_SECRET).toBe("sbx_demo");
    expect(readFileSync(path, "utf8")).toMatch(/^# local secrets\n/);
  });

  it("keeps values that are set, and replaces an admin token that begins with a dash", () => {
    const path = devVars("ADMIN_TOKEN=-VC9fJ2kq\nSHOP_MASTER_KEYS=local1:kept\n");
    generateDevValues(path);
    const vars = readDevVars(path);
    expect(vars.ADMIN_TOKEN).toMatch(/^[0-9a-f]{64}$/);
    expect(vars.SHOP_MASTER_KEYS).toBe("local1:kept");
    expect(readFileSync(path, "utf8").match(/^ADMIN_TOKEN=/gm)).toHaveLength(1);
    const again = readFileSync(path, "utf8");
    generateDevValues(path);
    expect(readFileSync(path, "utf8")).toBe(again);
  });
});

describe("the file of local secrets", () => {
  it("is readable and writable by its owner only once values are generated into it, whatever its mode was", () => {
    const dir = mkdtempSync(join(tmpdir(), "dev-vars-mode-"));
    try {
      const path = join(dir, ".dev.vars");
      writeFileSync(path, "ADMIN_TOKEN=\n");
      chmodSync(path, 0o644);
      generateDevValues(path);
      expect(statSync(path).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is so for the checkout Worker's and the sandbox's, whether made from the example or older and complete", () => {
    const root = mkdtempSync(join(tmpdir(), "dev-vars-root-"));
    const sandbox = join(root, "worker", "sandbox");
    mkdirSync(sandbox, { recursive: true });
    try {
      const complete = ["ADMIN_TOKEN", "SHOP_MASTER_KEYS", "DASHBOARD_SESSION_KEY"].map((n) => `${n}=set`).join("\n");
      writeFileSync(join(root, ".dev.vars.example"), "ADMIN_TOKEN=\n");
      writeFileSync(join(sandbox, ".dev.vars.example"), "SANDBOX_KEY=sbx\n");
      // An older checkout .dev.vars, made readable by all, with nothing left to generate.
      writeFileSync(join(root, ".dev.vars"), `${complete}\n`);
      chmodSync(join(root, ".dev.vars"), 0o644);
      ensureDevVars(root);
      expect(readDevVars(join(root, ".dev.vars")).ADMIN_TOKEN).toBe("set");
      expect(statSync(join(root, ".dev.vars")).mode & 0o777).toBe(0o600);
      // The sandbox's, made from its example.
      expect(readDevVars(join(sandbox, ".dev.vars")).SANDBOX_KEY).toBe("sbx");
      expect(statSync(join(sandbox, ".dev.vars")).mode & 0o777).toBe(0o600);
      // Made readable by all again: the next start puts it back.
      chmodSync(join(sandbox, ".dev.vars"), 0o644);
      ensureDevVars(root);
      expect(statSync(join(sandbox, ".dev.vars")).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("the demo shops on other ports", () => {
  it("allow the checkout Worker's own origin under both loopback names, redirect to it and send their webhooks to the backend's port", () => {
    const shops = JSON.parse(shopsForOrigin("http://127.0.0.1:9300", "http://127.0.0.1:9302")) as {
      id: string;
      allowedOrigins: string[];
      redirectUrls: Record<string, string>;
      webhooks: { url: string }[];
    }[];
    const open = shops.find((shop) => shop.id === "demo-open");
    expect(open?.allowedOrigins).toEqual(["http://127.0.0.1:9300", "http://localhost:9300"]);
    expect(open?.redirectUrls.confirmed).toBe("http://127.0.0.1:9300/demo/?result=confirmed&order={orderId}");
    expect(open?.webhooks.map((webhook) => webhook.url)).toEqual(["http://127.0.0.1:9302/webhooks"]);
    expect(JSON.stringify(shops)).not.toMatch(/:878[79]\b/);
  });
});
