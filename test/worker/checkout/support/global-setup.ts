import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** wrangler.toml names dist/public as the assets directory; reading the config needs it to exist. */
export default function setup(): void {
  mkdirSync(fileURLToPath(new URL("../../../../dist/public", import.meta.url)), { recursive: true });
}
