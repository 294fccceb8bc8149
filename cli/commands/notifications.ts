import { readFileSync } from "node:fs";
import { Option, type Command } from "commander";
import { V3Error } from "../../worker/v3/errors.js";
import { parseAnyNotification, verifyNotification } from "../../worker/v3/notification.js";
import { configPath, findShop, HMAC_KEY_ENV, loadWorkerConfig, secretByName } from "../config.js";
import { CommandFailure, UsageError } from "../errors.js";
import { record } from "../output.js";
import { show } from "./operation.js";
import type { Act } from "./shared.js";

type AnyNotification = ReturnType<typeof parseAnyNotification>;

interface VerifyOptions {
  body: string;
  signature: string;
  encoding?: "hex" | "base64";
}

async function readBody(path: string): Promise<Uint8Array> {
  if (path === "-") {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  }
  try {
    return new Uint8Array(readFileSync(path));
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A notification read as a record: its type, time and the payment's or payout's id and status. */
function notificationText(summary: { notification?: AnyNotification; parseError?: { message: string } }): string {
  const n = summary.notification;
  const rows: [string, string | undefined][] = [["Authentic", "yes"]];
  if (n === undefined) rows.push(["Body", `not a v3 notification: ${summary.parseError?.message ?? ""}`]);
  else if ("recognized" in n)
    rows.push(
      ["Type", `${n.notificationType} (unknown type)`],
      ["Timestamp", n.timestamp],
      ["Payment", n.paymentId],
      ["Payout", n.payoutId],
    );
  else if (n.notificationType === "v3/payment")
    rows.push(
      ["Type", n.notificationType],
      ["Timestamp", n.timestamp],
      ["Payment", n.body.paymentId],
      ["Status", n.body.status],
      [
        "Paid",
        n.body.paidTransferAmount === undefined ? undefined : `${n.body.paidTransferAmount} ${n.body.transferCurrency}`,
      ],
    );
  else
    rows.push(
      ["Type", n.notificationType],
      ["Timestamp", n.timestamp],
      ["Payout", n.body.payoutId],
      ["Status", n.body.status],
    );
  return record(rows);
}

export function registerNotifications(program: Command, act: Act): void {
  const notifications = program.command("notifications").description("check upstream notifications");

  notifications
    .command("verify")
    .description(
      `check that a saved notification body is authentic (HMAC-SHA256 with the shop's key, or ${HMAC_KEY_ENV}); exit 0 authentic, 1 not`,
    )
    .requiredOption("--body <file>", "the raw body exactly as received ('-' for stdin)")
    .requiredOption("--signature <value>", "the signature header's value as received")
    .addOption(
      new Option("--encoding <encoding>", "signature encoding (default: the shop's, else hex)").choices([
        "hex",
        "base64",
      ]),
    )
    .action(
      act(async (ctx, o: VerifyOptions) => {
        let key = process.env[HMAC_KEY_ENV];
        let encoding = o.encoding;
        let prefix: string | undefined;
        if (ctx.opts.shop !== undefined) {
          const config = loadWorkerConfig(configPath(ctx.opts.config, ctx.root));
          const shop = findShop(config, ctx.opts.shop);
          const name = shop.secrets.notificationHmacKey;
          if (!name) throw new UsageError(`shop ${shop.id} names no notificationHmacKey secret`);
          key = secretByName(config, name);
          if (!key)
            throw new UsageError(
              `the secret ${name} of shop ${shop.id} is set neither in the environment nor in .dev.vars`,
            );
          encoding ??= shop.notificationSignature?.encoding;
          prefix = shop.notificationSignature?.prefix;
        }
        if (!key) throw new UsageError(`no HMAC key: pass --shop <id> or set ${HMAC_KEY_ENV}`);
        const body = await readBody(o.body);
        const request = new Request("http://localhost/notification", {
          method: "POST",
          body: new Blob([Buffer.from(body)]),
          headers: { "X-Signature": o.signature },
        });
        let raw: string;
        try {
          ({ raw } = await verifyNotification(request, {
            key,
            header: "X-Signature",
            encoding: encoding ?? "hex",
            ...(prefix === undefined ? {} : { prefix }),
          }));
        } catch (error) {
          if (!(error instanceof V3Error)) throw error;
          show(
            ctx,
            { authentic: false, reason: error.code, message: error.message },
            {
              text: () =>
                record([
                  ["Authentic", "NO"],
                  ["Reason", `${error.code}: ${error.message}`],
                ]),
            },
          );
          throw new CommandFailure(`the notification is not authentic (${error.code})`);
        }
        let summary: { notification: AnyNotification } | { parseError: { code: string; message: string } };
        try {
          summary = { notification: parseAnyNotification(raw) };
        } catch (error) {
          if (!(error instanceof V3Error)) throw error;
          summary = { parseError: { code: error.code, message: error.message } };
        }
        show(ctx, summary, { json: () => ({ authentic: true, ...summary }), text: notificationText });
      }),
    );
}
