/**
 * `dashboard login`: a single-use sign-in link to the checkout Worker's dashboard, valid for ten
 * minutes (docs/dashboard.md, "Signing in"). `--shop <id>` asks with that shop's backend token
 * (POST /api/shops/{shop}/dashboard/sign-in-links, the token as `ledger backfill` finds it);
 * `--operator` with the admin token (POST /admin/dashboard/sign-in-links, every shop). The link
 * is a secret until used: it is printed, never logged, and sent only over https or to this machine.
 */
import type { Command } from "commander";
import type { DeskSignInLink } from "../../worker/checkout/dashboard-wire.js";
import { backendShop } from "../backend-token.js";
import { callWorker, CheckoutApiError, DEFAULT_CHECKOUT_URL, httpUrl } from "../checkout-api.js";
import { BACKEND_TOKEN_ENV } from "../config.js";
import { CommandFailure, UsageError } from "../errors.js";
import { requireSecretSafe } from "../secure-url.js";
import type { Act } from "./shared.js";
import { ADMIN_TOKEN_ENV, adminToken } from "./shops.js";

interface LoginOptions {
  checkoutUrl: string;
  operator?: boolean;
  adminTokenStdin?: boolean;
}

/** What `dashboard login --json` prints. */
export interface LoginResult extends DeskSignInLink {
  /** The shop the link opens, or null for an operator's link (every shop). */
  shop: string | null;
}

function hint(error: CheckoutApiError, who: string): string {
  if (error.status === 401) return ` (is ${who} the one the Worker has?)`;
  if (error.status === 404 && error.message.includes("DASHBOARD_SESSION_KEY")) return "";
  if (error.status === 404 && error.code === "not_found")
    return " (does this Worker serve the dashboard? it needs DASHBOARD_SESSION_KEY, and --operator its ADMIN_TOKEN)";
  return "";
}

export function registerDashboard(program: Command, act: Act): void {
  const dashboard = program.command("dashboard").description("the checkout Worker's dashboard for merchants");
  dashboard
    .command("login")
    .description("print a single-use sign-in link to the dashboard (valid 10 minutes)")
    .option("--checkout-url <url>", "the checkout Worker", DEFAULT_CHECKOUT_URL)
    .option("--operator", "a link for the platform's operator, who sees every shop (the admin token)")
    .option("--admin-token-stdin", "with --operator: read the admin token from the first line of stdin")
    .addHelpText(
      "after",
      `
--shop <id> asks with the shop's backend token (${BACKEND_TOKEN_ENV}, else the secret named by its
secrets.backendToken, from the environment or .dev.vars); --operator with the admin token
(${ADMIN_TOKEN_ENV}, --admin-token-stdin, or a local Worker's ADMIN_TOKEN from .dev.vars).
Open the link in a browser within 10 minutes; it works once.
Examples:
  crypto-checkout dashboard login --shop demo-open
  crypto-checkout dashboard login --operator`,
    )
    .action(
      act(async (ctx, o: LoginOptions) => {
        const base = requireSecretSafe(httpUrl(o.checkoutUrl, "--checkout-url"), "--checkout-url");
        const timeoutMs = ctx.opts.timeout ?? 5000;
        let result: LoginResult;
        if (o.operator) {
          if (ctx.opts.shop !== undefined)
            throw new UsageError("dashboard login takes --shop <id> or --operator, not both");
          const token = await adminToken(ctx, o, base);
          const path = "/admin/dashboard/sign-in-links";
          try {
            const link = await callWorker<DeskSignInLink>(base, token, "POST", path, {
              body: { operator: true },
              timeoutMs,
            });
            result = { ...link, shop: null };
          } catch (error) {
            if (!(error instanceof CheckoutApiError)) throw error;
            throw new CommandFailure(`${error.message}${hint(error, `the admin token (${ADMIN_TOKEN_ENV})`)}`);
          }
        } else {
          if (ctx.opts.shop === undefined)
            throw new UsageError(
              "dashboard login needs --shop <id> (that shop's dashboard) or --operator (every shop)",
            );
          const { shop, token } = backendShop(ctx, "dashboard login", "opens that shop's dashboard");
          const path = `/api/shops/${encodeURIComponent(shop.id)}/dashboard/sign-in-links`;
          try {
            const link = await callWorker<DeskSignInLink>(base, token, "POST", path, { timeoutMs });
            result = { ...link, shop: shop.id };
          } catch (error) {
            if (!(error instanceof CheckoutApiError)) throw error;
            throw new CommandFailure(`${error.message}${hint(error, `the backend token of shop ${shop.id}`)}`);
          }
        }
        ctx.io.out(
          ctx.opts.json
            ? `${JSON.stringify(result)}\n`
            : `Sign-in link to the dashboard (${result.shop === null ? "every shop" : `shop ${result.shop}`}); it works once, until ${result.expiresAt}:\n${result.url}\n`,
        );
      }),
    );
}
