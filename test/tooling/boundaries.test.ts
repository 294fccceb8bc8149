import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: fileURLToPath(new URL("../..", import.meta.url)) });

/** The messages of the boundary rule for `code` as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "@typescript-eslint/no-restricted-imports")
    .map((m) => m.message);
}

describe("import boundaries enforced by npm run lint (eslint.config.js)", () => {
  it("worker/v3/ imports nothing else of the project, not even a type", async () => {
    expect(await boundaryErrors("worker/v3/scratch.ts", `import { x } from "../checkout/wire.js";`)).toEqual([
      expect.stringContaining("worker/v3/ is the payment service's client and imports nothing else of the project."),
    ]);
    expect(
      await boundaryErrors("worker/v3/scratch.ts", `import type { x } from "../sandbox/control-types.js";`),
    ).toHaveLength(1);
    expect(await boundaryErrors("worker/v3/scratch.ts", `import { x } from "./types.js";`)).toEqual([]);
  });

  it("the console imports the v3 client and the declared Worker modules only", async () => {
    const refused = await boundaryErrors(
      "cli/commands/scratch.ts",
      `import type { x } from "../../worker/checkout/payments/order-object.js";`,
    );
    expect(refused).toHaveLength(1);
    expect(refused[0]).toContain("CONSOLE_WORKER_MODULES");
    expect(await boundaryErrors("cli/scratch.ts", `import { x } from "../worker/sandbox/ledger.js";`)).toHaveLength(1);
    expect(await boundaryErrors("cli/scratch.ts", `import { x } from "../worker/v3/client.js";`)).toEqual([]);
    expect(
      await boundaryErrors(
        "cli/commands/scratch.ts",
        `import { x } from "../../worker/checkout/shops/shop-schema.js";`,
      ),
    ).toEqual([]);
    expect(await boundaryErrors("cli/scratch.ts", `import { x } from "../worker/checkout/events/deliver.js";`)).toEqual(
      [],
    );
  });

  it("the element imports values of the Worker from the wire modules and the refund address check only", async () => {
    expect(
      await boundaryErrors("widget/state/scratch.ts", `import { x } from "../../worker/checkout/rules.js";`),
    ).toEqual([
      expect.stringContaining(
        "Only types may be imported from the Worker; values only from worker/checkout/wire.js, worker/checkout/refund-wire.js, worker/checkout/receipt-wire.js and worker/checkout/refund-address.js.",
      ),
    ]);
    expect(
      await boundaryErrors("widget/state/scratch.ts", `import { x } from "../../worker/checkout/wire.js";`),
    ).toEqual([]);
    expect(
      await boundaryErrors("widget/state/scratch.ts", `import { x } from "../../worker/checkout/refund-wire.js";`),
    ).toEqual([]);
    expect(
      await boundaryErrors("widget/state/scratch.ts", `import { x } from "../../worker/checkout/refund-address.js";`),
    ).toEqual([]);
    expect(
      await boundaryErrors("widget/state/scratch.ts", `import { x } from "../../worker/checkout/receipt-wire.js";`),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "receipt-page/src/scratch.ts",
        `import { x } from "../../worker/checkout/payments/receipt.js";`,
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("widget/state/scratch.ts", `import { x } from "../../worker/checkout/refunds/refund.js";`),
    ).toHaveLength(1);
  });

  it("the demo page imports values of the Worker from the wire module only", async () => {
    expect(
      await boundaryErrors("demo/src/scratch.ts", `import { x } from "../../worker/sandbox/config.js";`),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("demo/src/scratch.ts", `import type { x } from "../../worker/sandbox/control-types.js";`),
    ).toEqual([]);
    expect(await boundaryErrors("demo/src/scratch.ts", `import { x } from "../../worker/checkout/wire.js";`)).toEqual(
      [],
    );
  });
  it("a room of the checkout Worker imports only the rooms below it, not even a type of one above", async () => {
    const refused = await boundaryErrors(
      "worker/checkout/shops/scratch.ts",
      `import type { x } from "../payments/order-object.js";`,
    );
    expect(refused).toEqual([expect.stringContaining("worker/checkout/shops/ may import the rooms below it (http")]);
    expect(
      await boundaryErrors("worker/checkout/http/scratch.ts", `import { x } from "../routes/app.js";`),
    ).toHaveLength(1);
    expect(await boundaryErrors("worker/checkout/routes/scratch.ts", `import { x } from "../index.js";`)).toHaveLength(
      1,
    );
    expect(
      await boundaryErrors("worker/checkout/payments/scratch.ts", `import { x } from "../events/outbox.js";`),
    ).toEqual([]);
    expect(await boundaryErrors("worker/checkout/payments/scratch.ts", `import { x } from "../wire.js";`)).toEqual([]);
    expect(
      await boundaryErrors("worker/checkout/refunds/scratch.ts", `import { x } from "../payments/view.js";`),
    ).toEqual([]);
    expect(
      await boundaryErrors("worker/checkout/payments/scratch.ts", `import type { x } from "../refunds/refund.js";`),
    ).toHaveLength(1);
    expect(
      await boundaryErrors("worker/checkout/notifications/scratch.ts", `import { x } from "../refunds/refund.js";`),
    ).toEqual([]);
  });

  it("the checkout Worker's shared top-level modules import no room", async () => {
    expect(await boundaryErrors("worker/checkout/scratch.ts", `import type { x } from "./events/outbox.js";`)).toEqual([
      expect.stringContaining("imports none of them"),
    ]);
    expect(await boundaryErrors("worker/checkout/index.ts", `import { x } from "./routes/app.js";`)).toEqual([]);
  });
});
