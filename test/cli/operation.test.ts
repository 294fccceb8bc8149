/**
 * cli/commands/operation.ts, the one path of the console's commands that ask for something and
 * show it: the client's call under a spinner (stderr, a terminal only), then JSON with --json or
 * the view's text on stdout; an error is left to main.ts with nothing printed on stdout.
 */
import { describe, expect, it } from "vitest";
import { acknowledged, runOperation, show, type OperationContext } from "../../cli/commands/operation.js";
import type { V3Client } from "../../worker/v3/client.js";

/** A context whose io records what is written, and whose client is `client`. */
function context(options: { json?: boolean; tty?: boolean; client?: Partial<V3Client> }) {
  const out: string[] = [];
  const err: string[] = [];
  let clients = 0;
  const ctx = {
    io: {
      out: (t: string) => void out.push(t),
      err: (t: string) => void err.push(t),
      errIsTty: options.tty ?? false,
      inIsTty: false,
    },
    opts: { json: options.json },
    client: () => {
      clients++;
      return Promise.resolve({ client: options.client as V3Client });
    },
  } satisfies OperationContext;
  return { ctx, out, err, clients: () => clients };
}

const currencies: Partial<V3Client> = {
  listCurrencies: () => Promise.resolve([{ code: "BTC" }] as Awaited<ReturnType<V3Client["listCurrencies"]>>),
};
const operation = {
  spinner: "Fetching currencies…",
  call: (client: V3Client) => client.listCurrencies(),
  text: (list: { code: string }[]) => `${list.map((c) => c.code).join(",")}\n`,
};

describe("runOperation", () => {
  it("calls the client once and prints the view's text, with no spinner off a terminal", async () => {
    const { ctx, out, err, clients } = context({ client: currencies });
    await expect(runOperation(ctx, operation)).resolves.toEqual([{ code: "BTC" }]);
    expect(clients()).toBe(1);
    expect(out).toEqual(["BTC\n"]);
    expect(err).toEqual([]);
  });

  it("prints the result as JSON with --json (or what the view's json makes of it)", async () => {
    const plain = context({ json: true, client: currencies });
    await runOperation(plain.ctx, operation);
    expect(plain.out).toEqual([`${JSON.stringify([{ code: "BTC" }], null, 2)}\n`]);
    const shaped = context({ json: true, client: currencies });
    await runOperation(shaped.ctx, { ...operation, json: (list) => ({ count: list.length }) });
    expect(JSON.parse(shaped.out.join(""))).toEqual({ count: 1 });
  });

  it("on a terminal, draws the spinner on stderr and clears it before the result is printed", async () => {
    const { ctx, out, err } = context({ tty: true, client: currencies });
    await runOperation(ctx, operation);
    expect(err[0]).toContain("Fetching currencies…");
    expect(err.at(-1)).toBe("\r\x1b[2K");
    expect(out).toEqual(["BTC\n"]);
  });

  it("lets an error of the call through, with nothing on stdout and the spinner cleared", async () => {
    const failing: Partial<V3Client> = { listCurrencies: () => Promise.reject(new Error("upstream down")) };
    const { ctx, out, err } = context({ tty: true, client: failing });
    await expect(runOperation(ctx, operation)).rejects.toThrow("upstream down");
    expect(out).toEqual([]);
    expect(err.at(-1)).toBe("\r\x1b[2K");
  });
});

describe("show and acknowledged", () => {
  it("print a result that came from elsewhere as JSON or text, and an acknowledgement as its object or its sentence", () => {
    const text = context({});
    show(text.ctx, { n: 1 }, { text: (r) => `n=${r.n}\n` });
    show(text.ctx, undefined, acknowledged({ id: "c1", cancelled: true }, "Conversion c1 cancelled."));
    expect(text.out).toEqual(["n=1\n", "Conversion c1 cancelled.\n"]);
    const json = context({ json: true });
    show(json.ctx, undefined, acknowledged({ id: "c1", cancelled: true }, "Conversion c1 cancelled."));
    expect(JSON.parse(json.out.join(""))).toEqual({ id: "c1", cancelled: true });
  });
});
