/**
 * `shops list | show | add | update | disable | enable | rotate-secret | rewrap`: the shop
 * registry of a checkout Worker, through its admin API (worker/checkout/routes/admin-api.ts,
 * docs/checkout.md "The admin API"). The admin token comes from CRYPTO_CHECKOUT_ADMIN_TOKEN,
 * the first line of stdin (--admin-token-stdin), --admin-token (with a warning), or the Worker's
 * own ADMIN_TOKEN in the environment or the .dev.vars beside wrangler.toml (a local Worker).
 * Secrets are never taken as values on the command line or in a file (cli/shop-secrets.ts) and
 * never printed. `disable` and `rotate-secret` ask first (--yes skips; without a terminal they
 * need --yes).
 */
import { password, isCancel } from "@clack/prompts";
import { InvalidArgumentError, Option, type Command } from "commander";
import { readFileSync } from "node:fs";
import { userInfo } from "node:os";
import type { RewrapResult, ShopRecord } from "../../worker/checkout/shops/admin-wire.js";
import { secretProblem, type SecretKind } from "../../worker/checkout/shops/secret-rules.js";
import { SHOP_ID, SHOP_ID_MESSAGE } from "../../worker/checkout/rules.js";
import { SECRET_FIELDS, schemaIssues, shopSchema, type ShopConfig } from "../../worker/checkout/shops/shop-schema.js";
import {
  answerOf,
  CheckoutApiError,
  DEFAULT_CHECKOUT_URL,
  httpUrl,
  workerClient,
  type WorkerClient,
} from "../checkout-api.js";
import { configPath, findShop, loadWorkerConfig, secretByName, type WorkerConfig } from "../config.js";
import { readStdinLine, type Context } from "../context.js";
import { CommandFailure, UsageError } from "../errors.js";
import { record, table, withSpinner, type Cell } from "../output.js";
import { patchWithSecretValues, withSecretValues, type SecretLookup } from "../shop-secrets.js";
import { show } from "./operation.js";
import { integer, type Act } from "./shared.js";
import { isLoopback, requireSecretSafe } from "../secure-url.js";

export const ADMIN_TOKEN_ENV = "CRYPTO_CHECKOUT_ADMIN_TOKEN";
/** Shops per request of `shops list --all`, and per rewrap call. */
const PAGE = 200;
const MAX_PAGES = 1000;

interface ShopsOptions {
  checkoutUrl: string;
  adminToken?: string;
  adminTokenStdin?: boolean;
}

/** Where the admin API is and how to call it. */
/** The admin API of the Worker at `base`: the typed client, and `run` for each call's answer or failure. */
interface Admin {
  base: string;
  client: WorkerClient;
  run<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T>;
}

/** The Worker's configuration when there is one (a local Worker: its .dev.vars); undefined otherwise. */
function localConfig(ctx: Context): WorkerConfig | undefined {
  try {
    return loadWorkerConfig(configPath(ctx.opts.config, ctx.root));
  } catch (error) {
    if (error instanceof UsageError) return undefined;
    throw error;
  }
}

/** A secret by name: the environment first, then the local .dev.vars. */
function lookupIn(config: WorkerConfig | undefined): SecretLookup {
  return (name) => (config ? secretByName(config, name) : process.env[name] || undefined);
}

/** The admin token for the Worker at `base` (also `dashboard login --operator`'s). */
export async function adminToken(
  ctx: Context,
  o: Pick<ShopsOptions, "adminToken" | "adminTokenStdin">,
  base: string,
): Promise<string> {
  const fromEnv = process.env[ADMIN_TOKEN_ENV];
  if (fromEnv) return fromEnv;
  if (o.adminTokenStdin) return (await readStdinLine()).trim();
  if (o.adminToken !== undefined) {
    ctx.io.err(
      `warning: a token passed as --admin-token lands in your shell history and the process list; prefer ${ADMIN_TOKEN_ENV} or --admin-token-stdin\n`,
    );
    return o.adminToken;
  }
  // The local .dev.vars holds the token of a local Worker only: never sent to another one.
  if (!isLoopback(new URL(base)))
    throw new UsageError(
      `no admin token for the Worker at ${base}: set ${ADMIN_TOKEN_ENV} or pass --admin-token-stdin (the ADMIN_TOKEN of the local .dev.vars is used only for a Worker on this machine)`,
    );
  const local = lookupIn(localConfig(ctx))("ADMIN_TOKEN");
  if (local) return local;
  throw new UsageError(
    `no admin token: set ${ADMIN_TOKEN_ENV} or pass --admin-token-stdin (a local Worker's ADMIN_TOKEN is read from its .dev.vars)`,
  );
}

function actor(): string {
  try {
    return userInfo().username;
  } catch {
    return "crypto-checkout";
  }
}

/** A CheckoutApiError as the command's failure: the Worker's message, each field it refused, and a hint for 401 and 404. */
function failure(error: CheckoutApiError, base: string): CommandFailure {
  const hint =
    error.status === 401
      ? ` (is ${ADMIN_TOKEN_ENV} the ADMIN_TOKEN of the Worker at ${base}?)`
      : error.status === 404 && error.code === "not_found"
        ? " (the admin API is off while the Worker has no ADMIN_TOKEN)"
        : "";
  const fields = error.fields?.length ? `\n${error.fields.map((f) => `  ${f.field}: ${f.message}`).join("\n")}` : "";
  return new CommandFailure(`${error.message}${hint}${fields}`);
}

async function connect(ctx: Context, command: Command): Promise<Admin> {
  const o = command.optsWithGlobals<ShopsOptions>();
  const base = requireSecretSafe(httpUrl(o.checkoutUrl, "--checkout-url"), "--checkout-url");
  const token = await adminToken(ctx, o, base);
  const timeoutMs = ctx.opts.timeout ?? 5000;
  const client = workerClient(base, token, { headers: { "X-Audit-Actor": actor() }, timeoutMs });
  return {
    base,
    client,
    async run<T>(pending: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
      try {
        return await answerOf(token, pending);
      } catch (error) {
        throw error instanceof CheckoutApiError ? failure(error, base) : error;
      }
    },
  };
}

function shopId(value: string): string {
  if (!SHOP_ID.test(value)) throw new UsageError(`"${value}" is not a shop id: a shop id ${SHOP_ID_MESSAGE}`);
  return value;
}

const list = (values: readonly string[] | undefined) => (values?.length ? values.join(", ") : undefined);

export function shopRows(r: ShopRecord): [string, Cell][] {
  const { shop } = r;
  return [
    ["Shop", shop.id],
    ["Name", shop.name],
    ["Status", r.status],
    ["Environment", shop.environment],
    ["API key id", shop.apiKeyId],
    ["Pricing", shop.pricing],
    ["Limits", shop.limits ? `${shop.limits.min} to ${shop.limits.max}` : undefined],
    ["Price currencies", list(shop.priceCurrencies)],
    ["Transfer currencies", list(shop.transferCurrencies)],
    ["Allowed origins", list(shop.allowedOrigins)],
    [
      "Redirects",
      Object.entries(shop.redirectUrls)
        .map(([outcome, url]) => `${outcome}: ${url}`)
        .join("\n") || undefined,
    ],
    [
      "Webhooks",
      shop.webhooks.map((e) => `${e.url}${e.events ? ` (${e.events.join(", ")})` : ""}`).join("\n") || undefined,
    ],
    ["Secrets", r.secrets ? list(r.secrets) : undefined],
    ["Sealed under", `master key ${r.keyId}`],
    ["Version", r.version],
    ["Created", r.createdAt],
    ["Updated", r.updatedAt],
  ];
}

function printShop(ctx: Context, r: ShopRecord): void {
  show(ctx, r, { text: (shop) => record(shopRows(shop)) });
}

function listText(shops: ShopRecord[]): string {
  if (!shops.length) return "No shops in the registry.\n";
  return table(
    ["Shop", "Name", "Environment", "Status", "Pricing", "Version", "Updated"],
    shops.map((r) => [r.shop.id, r.shop.name, r.shop.environment, r.status, r.shop.pricing, r.version, r.updatedAt]),
  );
}

/** A JSON file (`-`: stdin). */
function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path === "-" ? 0 : path, "utf8");
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path} is not JSON: ${(error as Error).message}`);
  }
}

/** A shop written as in the SHOPS var, checked by the Worker's own schema before anything is sent. */
function shopEntry(value: unknown, where: string): ShopConfig {
  const check = shopSchema.safeParse(value);
  if (check.success) return check.data;
  const issues = schemaIssues("", check.error).map((issue) => `${issue.field} ${issue.message}`);
  throw new UsageError(`the shop in ${where} is not valid (nothing was sent):\n  ${issues.join("\n  ")}`);
}

/** `--set field=value`: the value as JSON when it is JSON, else as a string. */
function collectSet(value: string, previous: Record<string, unknown> = {}): Record<string, unknown> {
  const eq = value.indexOf("=");
  const field = value.slice(0, eq);
  if (eq < 1 || !/^[A-Za-z]+$/.test(field))
    throw new InvalidArgumentError(`must be FIELD=VALUE with a top-level field of the shop, not "${value}"`);
  const text = value.slice(eq + 1);
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // a plain string
  }
  return { ...previous, [field]: parsed };
}

/** The kind of secret a rotation name is (for the console's own check of the new value). */
function secretKind(name: string): SecretKind {
  if ((SECRET_FIELDS as readonly string[]).includes(name)) return name as SecretKind;
  if (/^webhooks\.\d{1,2}\.secret$/.test(name)) return "webhookSecret";
  throw new UsageError(`no such secret "${name}": ${SECRET_FIELDS.join(", ")} or webhooks.<n>.secret`);
}

async function newSecretValue(ctx: Context, o: { fromEnv?: string }, tokenFromStdin: boolean): Promise<string> {
  if (o.fromEnv !== undefined) {
    const value = lookupIn(localConfig(ctx))(o.fromEnv);
    if (!value) throw new UsageError(`${o.fromEnv} is set neither in the environment nor in .dev.vars`);
    return value;
  }
  if (tokenFromStdin)
    throw new UsageError("the admin token already comes from stdin: give the new value with --from-env NAME");
  if (!ctx.io.inIsTty) return (await readStdinLine()).trim();
  const answer = await password({ message: "The new value (not shown)", input: process.stdin, output: process.stderr });
  if (isCancel(answer) || !answer) throw new UsageError("no value given. Nothing was sent.");
  return answer;
}

export function registerShops(program: Command, act: Act): void {
  const shops = program
    .command("shops")
    .description("the shop registry of a checkout Worker, through its admin API (/admin/shops)")
    .option("--checkout-url <url>", "the checkout Worker", DEFAULT_CHECKOUT_URL)
    .option("--admin-token <token>", "the admin token (discouraged: lands in shell history)")
    .option("--admin-token-stdin", "read the admin token from the first line of stdin");
  shops.addHelpText(
    "after",
    `
The admin token: ${ADMIN_TOKEN_ENV}, else --admin-token-stdin, else the ADMIN_TOKEN of a local
Worker (environment or .dev.vars). A shop for add/update is written as in the SHOPS var: its
secrets name environment variables (or .dev.vars entries) that hold them.
Examples:
  crypto-checkout shops list
  crypto-checkout shops add --file acme.json
  crypto-checkout shops add --from-config demo-open --id my-page --allow-origin http://127.0.0.1:9100
  crypto-checkout shops update acme --set name="Acme Coffee"
  ACME_HMAC=... crypto-checkout shops rotate-secret acme notificationHmacKey --from-env ACME_HMAC --yes`,
  );

  shops
    .command("list")
    .description("the registry's shops, in id order (a page; --all for every one)")
    .addOption(new Option("--status <status>", "only active or only disabled shops").choices(["active", "disabled"]))
    .option("--limit <n>", "shops per page (1-200, default 50)", integer(1, 200))
    .option("--cursor <cursor>", "the page after this cursor (the `next` of an earlier page)")
    .option("--all", "every page")
    .action(
      act(async (ctx, o: { status?: string; limit?: number; cursor?: string; all?: boolean }, _args, command) => {
        const admin = await connect(ctx, command);
        const status = o.status as "active" | "disabled" | undefined;
        const list = (cursor: string | undefined, limit: number) =>
          admin.run(
            admin.client.GET("/admin/shops", { params: { query: { limit, status, cursor: cursor || undefined } } }),
          );
        if (!o.all) {
          const page = await withSpinner(ctx.io, "Reading the registry…", () => list(o.cursor, o.limit ?? 50));
          return show(ctx, page, {
            text: ({ shops, next }) => `${listText(shops)}${next ? `More: --cursor ${next}\n` : ""}`,
          });
        }
        const all: ShopRecord[] = [];
        await withSpinner(ctx.io, "Reading the registry…", async (progress) => {
          let cursor = o.cursor;
          for (let n = 0; n < MAX_PAGES; n++) {
            const page = await list(cursor, o.limit ?? PAGE);
            all.push(...page.shops);
            progress(`Reading the registry… ${all.length} shops`);
            if (!page.next) return;
            cursor = page.next;
          }
        });
        show(ctx, all, { text: () => `${listText(all)}${all.length} shop${all.length === 1 ? "" : "s"}.\n` });
      }),
    );

  shops
    .command("show <id>")
    .description("one shop: its settings, and which secrets it has (never their values)")
    .action(
      act(async (ctx, _o, [id]: [string], command) => {
        const admin = await connect(ctx, command);
        printShop(
          ctx,
          await admin.run(admin.client.GET("/admin/shops/{id}", { params: { path: { id: shopId(id) } } })),
        );
      }),
    );

  shops
    .command("add")
    .description(
      "add a shop, written as in the SHOPS var (its secrets named: environment variables or .dev.vars entries)",
    )
    .option("--file <path>", "the shop's JSON (- for stdin)")
    .option(
      "--from-config <id>",
      "a shop of the SHOPS var of wrangler.toml (to move it to the registry, or with --id to copy it)",
    )
    .option(
      "--id <id>",
      "the new shop's id instead of the one in the file or config (a copy of a demo shop, for example)",
    )
    .option(
      "--allow-origin <origin>",
      "also allow this origin (scheme://host[:port]) to embed the shop; repeatable",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .action(
      act(
        async (ctx, o: { file?: string; fromConfig?: string; id?: string; allowOrigin?: string[] }, _args, command) => {
          if ((o.file === undefined) === (o.fromConfig === undefined))
            throw new UsageError("pass either --file <path> or --from-config <id>");
          if (o.file === "-" && command.optsWithGlobals<ShopsOptions>().adminTokenStdin)
            throw new UsageError("stdin cannot hold both the shop and the admin token");
          const config = localConfig(ctx);
          let entry: ShopConfig;
          if (o.fromConfig !== undefined) {
            if (!config)
              throw new UsageError(`no wrangler.toml to take shop ${o.fromConfig} from (pass --config <path>)`);
            entry = findShop(config, o.fromConfig);
          } else {
            entry = shopEntry(readJson(o.file ?? "-"), o.file === "-" ? "stdin" : (o.file ?? ""));
          }
          if (o.id !== undefined || o.allowOrigin) {
            const origins = [
              ...entry.allowedOrigins,
              ...(o.allowOrigin ?? []).filter((origin) => !entry.allowedOrigins.includes(origin)),
            ];
            entry = shopEntry(
              { ...entry, id: o.id === undefined ? entry.id : shopId(o.id), allowedOrigins: origins },
              "the options",
            );
          }
          const body = withSecretValues(entry, lookupIn(config));
          const admin = await connect(ctx, command);
          printShop(ctx, await admin.run(admin.client.POST("/admin/shops", { body })));
        },
      ),
    );

  shops
    .command("update <id>")
    .description(
      "change fields of a shop (a JSON object of them, or --set FIELD=VALUE; null removes an optional field)",
    )
    .option("--file <path>", "the fields to change, as JSON (- for stdin); secrets named as for add")
    .option("--set <field=value>", "one top-level field (the value as JSON, or as a string); repeatable", collectSet)
    .action(
      act(async (ctx, o: { file?: string; set?: Record<string, unknown> }, [id]: [string], command) => {
        if ((o.file === undefined) === (o.set === undefined))
          throw new UsageError("pass either --file <path> or --set FIELD=VALUE");
        const patch = patchWithSecretValues(
          o.file !== undefined ? readJson(o.file) : o.set,
          lookupIn(localConfig(ctx)),
        );
        const admin = await connect(ctx, command);
        printShop(
          ctx,
          await admin.run(
            admin.client.PATCH("/admin/shops/{id}", {
              params: { path: { id: shopId(id) } },
              // Sent as given: the Worker refuses anything but an object of fields, naming what is wrong.
              body: patch as Record<string, unknown>,
            }),
          ),
        );
      }),
    );

  shops
    .command("disable <id>")
    .description("disable a shop: every route of it answers 404 unknown_shop (asks first; --yes for scripts)")
    .action(
      act(async (ctx, _o, [id]: [string], command) => {
        const admin = await connect(ctx, command);
        await ctx.confirmAction(`disable shop ${shopId(id)}`, [
          ["Worker", admin.base],
          ["Effect", "its widget, payments, notifications and backend API answer 404 until it is enabled again"],
        ]);
        printShop(ctx, await admin.run(admin.client.POST("/admin/shops/{id}/disable", { params: { path: { id } } })));
      }),
    );

  shops
    .command("enable <id>")
    .description("enable a disabled shop")
    .action(
      act(async (ctx, _o, [id]: [string], command) => {
        const admin = await connect(ctx, command);
        printShop(
          ctx,
          await admin.run(admin.client.POST("/admin/shops/{id}/enable", { params: { path: { id: shopId(id) } } })),
        );
      }),
    );

  shops
    .command("rotate-secret <id> <secret>")
    .description(
      `replace one secret of a shop (${SECRET_FIELDS.join(", ")} or webhooks.<n>.secret); the new value from --from-env, a hidden prompt, or stdin (asks first; --yes for scripts)`,
    )
    .option("--from-env <name>", "the environment variable (or .dev.vars entry) that holds the new value")
    .action(
      act(async (ctx, o: { fromEnv?: string }, [id, name]: [string, string], command) => {
        const kind = secretKind(name);
        const admin = await connect(ctx, command);
        await ctx.confirmAction(`replace the secret ${name} of shop ${shopId(id)}`, [
          ["Worker", admin.base],
          [
            "Effect",
            "the old value stops working at once (the Worker's isolates take the new one within the cache TTL)",
          ],
        ]);
        const value = await newSecretValue(ctx, o, Boolean(command.optsWithGlobals<ShopsOptions>().adminTokenStdin));
        const problem = secretProblem(kind, value);
        if (problem) throw new UsageError(`the new value of ${name} ${problem}. Nothing was sent.`);
        printShop(
          ctx,
          await admin.run(
            admin.client.PUT("/admin/shops/{id}/secrets/{name}", { params: { path: { id, name } }, body: { value } }),
          ),
        );
      }),
    );

  shops
    .command("rewrap")
    .description(
      "seal every shop's secrets again under the current master key (SHOP_MASTER_KEY_ID), for a key rotation",
    )
    .action(
      act(async (ctx, _o, _args, command) => {
        const admin = await connect(ctx, command);
        const done = await withSpinner(ctx.io, "Rewrapping…", async (progress) => {
          const total = { rewrapped: 0, unreadable: [] as string[] };
          let last: RewrapResult | undefined;
          let cursor: string | null = null;
          for (let n = 0; n < MAX_PAGES; n++) {
            last = await admin.run(
              admin.client.POST("/admin/keys/rewrap", { body: cursor ? { cursor, limit: PAGE } : { limit: PAGE } }),
            );
            total.rewrapped += last.rewrapped;
            total.unreadable.push(...last.unreadable);
            progress(`Rewrapping… ${total.rewrapped} shops`);
            cursor = last.next;
            if (!cursor) break;
          }
          return { ...total, status: await admin.run(admin.client.GET("/admin/keys")) };
        });
        show(ctx, done, {
          text: ({ rewrapped, status }) =>
            `${rewrapped} shop${rewrapped === 1 ? "" : "s"} sealed again under master key ${status.currentKeyId}.\n` +
            table(
              ["Master key", "Shops"],
              Object.entries(status.shopsByKey).map(([key, count]) => [
                key === status.currentKeyId ? `${key} (current)` : key,
                count,
              ]),
            ),
        });
        if (done.unreadable.length)
          throw new CommandFailure(
            `the secrets of ${done.unreadable.join(", ")} open under no key of SHOP_MASTER_KEYS: they were left as they are`,
          );
      }),
    );
}
