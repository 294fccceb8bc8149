import { Option, type Command } from "commander";
import { signOrderToken } from "../../worker/checkout/payments/order-token.js";
import {
  CURRENCY_CODE,
  CURRENCY_CODE_MESSAGE,
  DECIMAL_AMOUNT,
  DECIMAL_AMOUNT_MESSAGE,
  ORDER_ID,
  ORDER_ID_MESSAGE,
} from "../../worker/checkout/rules.js";
import { configPath, findShop, loadWorkerConfig, ORDER_SIGNING_KEY_ENV, secretByName } from "../config.js";
import { UsageError } from "../errors.js";
import { show } from "./operation.js";
import { integer, type Act } from "./shared.js";

/** As the reference shop backend signs them (examples/shop-backend/order-token.mjs). */
export const DEFAULT_LIFETIME_SECONDS = 30 * 60;

interface SignOptions {
  orderId: string;
  priceAmount: string;
  priceCurrency: string;
  expiresIn: number;
}

export function registerOrderToken(program: Command, act: Act): void {
  const orderToken = program.command("order-token").description("order tokens of signed-pricing shops");

  orderToken
    .command("sign")
    .description(
      `sign an order token (JWT, HS256) as the shop's backend does; the key is the shop's orderSigningKey secret, or ${ORDER_SIGNING_KEY_ENV}`,
    )
    .requiredOption("--order-id <id>", "the order's id (1-64: letters, digits, . _ : -)")
    .requiredOption("--price-amount <amount>", 'the price, a decimal string such as "49.90"')
    .requiredOption("--price-currency <code>", "the price's currency, e.g. EUR")
    .addOption(
      new Option("--expires-in <seconds>", "lifetime in seconds")
        .default(DEFAULT_LIFETIME_SECONDS)
        .argParser(integer(1, 7 * 24 * 3600)),
    )
    .action(
      act(async (ctx, o: SignOptions) => {
        const shopId = ctx.opts.shop;
        if (shopId === undefined) throw new UsageError("pass --shop <id>: the token names the shop it is for");
        if (!ORDER_ID.test(o.orderId)) throw new UsageError(`--order-id ${ORDER_ID_MESSAGE}`);
        if (!DECIMAL_AMOUNT.test(o.priceAmount)) throw new UsageError(`--price-amount ${DECIMAL_AMOUNT_MESSAGE}`);
        if (!CURRENCY_CODE.test(o.priceCurrency))
          throw new UsageError(`--price-currency ${CURRENCY_CODE_MESSAGE} such as EUR`);
        let key = process.env[ORDER_SIGNING_KEY_ENV];
        if (!key) {
          const config = loadWorkerConfig(configPath(ctx.opts.config, ctx.root));
          const shop = findShop(config, shopId);
          const name = shop.secrets.orderSigningKey;
          if (!name)
            throw new UsageError(
              `shop ${shop.id} names no orderSigningKey secret (it does not use signed pricing); or set ${ORDER_SIGNING_KEY_ENV}`,
            );
          key = secretByName(config, name);
          if (!key)
            throw new UsageError(
              `the secret ${name} of shop ${shop.id} is set neither in the environment nor in .dev.vars`,
            );
        }
        const claims = { orderId: o.orderId, priceAmount: o.priceAmount, priceCurrency: o.priceCurrency, shop: shopId };
        const { token, iat, exp } = await signOrderToken(claims, key, o.expiresIn);
        show(ctx, { orderToken: token, claims: { ...claims, iat, exp } }, { text: () => `${token}\n` });
      }),
    );
}
