import type { Ledger } from "./ledger.js";

/** The stub of the single Ledger object that holds the sandbox's state. */
export function ledgerOf(env: SandboxEnv): DurableObjectStub<Ledger> {
  return env.LEDGER.get(env.LEDGER.idFromName("ledger"));
}
