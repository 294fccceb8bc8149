import type { SandboxEnv } from "./env.js";

/** The Hono environment of the sandbox's routes: its bindings, and the account the v3 routes authenticated. */
export type AppEnv = { Bindings: SandboxEnv; Variables: { account: string } };
