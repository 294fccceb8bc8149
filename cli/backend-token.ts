/**
 * The shop and its backend token, for the commands that call the checkout Worker's backend API
 * (`listen`, `ledger backfill`): the shop of --shop in the Worker's configuration, its token from
 * CRYPTO_CHECKOUT_BACKEND_TOKEN, else the secret its secrets.backendToken names (the environment
 * or .dev.vars).
 */
import {
  BACKEND_TOKEN_ENV,
  configPath,
  findShop,
  loadWorkerConfig,
  secretByName,
  type WorkerConfig,
} from "./config.js";
import type { Context } from "./context.js";
import { UsageError } from "./errors.js";

export interface BackendShop {
  config: WorkerConfig;
  shop: ReturnType<typeof findShop>;
  token: string;
}

/** `command` names the command in the messages, `does` what it does with the shop ("reads that shop's events"). */
export function backendShop(ctx: Context, command: string, does: string): BackendShop {
  const shopId = ctx.opts.shop;
  if (shopId === undefined) throw new UsageError(`${command} needs --shop <id>: it ${does}`);
  if (ctx.opts.keyId !== undefined)
    throw new UsageError(
      `${command} calls the checkout Worker with the shop's backend token, not an API key: pass --shop only`,
    );
  const config = loadWorkerConfig(configPath(ctx.opts.config, ctx.root));
  const shop = findShop(config, shopId);
  const tokenName = shop.secrets.backendToken;
  const token =
    process.env[BACKEND_TOKEN_ENV] || (tokenName === undefined ? undefined : secretByName(config, tokenName));
  if (!token) {
    throw new UsageError(
      tokenName === undefined
        ? `shop ${shop.id} names no secrets.backendToken in ${config.path}: set ${BACKEND_TOKEN_ENV}`
        : `the backend token ${tokenName} of shop ${shop.id} is set neither in the environment nor in .dev.vars (or set ${BACKEND_TOKEN_ENV})`,
    );
  }
  return { config, shop, token };
}
