/**
 * The Hono environment of the sandbox's routes: its bindings, and the account the v3 routes
 * authenticated. SandboxEnv (global) is generated from worker/sandbox/wrangler.toml into
 * worker-configuration.d.ts by `npm run types`; every var is a string that config.ts parses.
 */
export type AppEnv = { Bindings: SandboxEnv; Variables: { account: string } };
