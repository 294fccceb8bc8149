/** The sandbox upstream Worker: the v3 API, the control API and payment pages. */
import { createApp } from "./app.js";

export { Ledger } from "./ledger.js";

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<SandboxEnv>;
