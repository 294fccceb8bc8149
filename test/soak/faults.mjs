// The faults of the soak: a plan drawn from a seeded PRNG (pure), then carried out on a timer, so
// that they overlap at random moments: the checkout Worker killed (SIGKILL) and started again on
// its state, upstream 5xx bursts, upstream timeouts (requests held, or answers held after the work
// was done), the sandbox's notification chaos (duplicated, reordered, delayed, first attempt
// failed, dropped) in changing phases, and the shop's webhook endpoint down.

/** Notification chaos of one phase; every phase drops some, so polling always has work. */
const CHAOS_PHASES = [
  { duplicate: true, reorder: false, delayMs: 0, failFirst: false, dropRate: 0.2 },
  { duplicate: false, reorder: true, delayMs: 1500, failFirst: false, dropRate: 0.2 },
  { duplicate: false, reorder: false, delayMs: 0, failFirst: true, dropRate: 0.3 },
  { duplicate: true, reorder: true, delayMs: 0, failFirst: true, dropRate: 0.1 },
  { duplicate: false, reorder: false, delayMs: 0, failFirst: false, dropRate: 0.6 },
  { duplicate: true, reorder: true, delayMs: 800, failFirst: false, dropRate: 0.3 },
];
export const NO_CHAOS = { duplicate: false, reorder: false, delayMs: 0, failFirst: false, dropRate: 0 };

const between = (random, low, high) => low + Math.floor(random() * (high - low));

/** `count` moments spread over [from, until): one drawn in each equal slice. */
function spread(random, count, from, until) {
  const slice = (until - from) / count;
  return Array.from({ length: count }, (_, i) => Math.floor(from + i * slice + random() * slice * 0.8));
}

/**
 * The plan for a run of `durationMs` (pure). Short runs (under 3 minutes) get one of each fault;
 * long ones one Worker crash about every 100 s, a 5xx burst every 45 s, a timeout spell every
 * 60 s, and the webhook endpoint down once for `longOutageMs` (two minutes) and twice briefly.
 */
export function faultPlan(random, durationMs) {
  const short = durationMs < 180_000;
  const start = 3000;
  const end = durationMs - 3000;
  const plan = [];
  const crashes = short ? 1 : Math.max(3, Math.round(durationMs / 100_000));
  for (const at of spread(random, crashes, start + 5000, end - 10_000)) plan.push({ at, kind: "crash" });
  const bursts = short ? 2 : Math.round(durationMs / 45_000);
  for (const at of spread(random, bursts, start, end))
    plan.push({ at, kind: "upstream", mode: "error", ms: between(random, 2000, short ? 4000 : 8000) });
  const spells = short ? 1 : Math.round(durationMs / 60_000);
  spread(random, spells, start, end).forEach((at, i) =>
    plan.push({ at, kind: "upstream", mode: i % 2 === 0 ? "slow" : "hang", ms: between(random, 3000, 8000) }),
  );
  if (short) {
    plan.push({
      at: between(random, durationMs * 0.3, durationMs * 0.6),
      kind: "receiver",
      ms: between(random, 6000, 10_000),
    });
  } else {
    const longOutageMs = 120_000;
    plan.push({ at: between(random, durationMs * 0.25, durationMs * 0.45), kind: "receiver", ms: longOutageMs });
    for (const at of [durationMs * 0.1, durationMs * 0.75])
      plan.push({ at: Math.floor(at), kind: "receiver", ms: between(random, 10_000, 20_000) });
  }
  // Chaos phases back to back, each a few seconds to tens of seconds, the list shuffled.
  const phases = [...CHAOS_PHASES].sort(() => random() - 0.5);
  for (let at = start, i = 0; at < end; i++) {
    const ms = short ? between(random, 6000, 12_000) : between(random, 20_000, 45_000);
    plan.push({ at, kind: "chaos", chaos: phases[i % phases.length], ms: Math.min(ms, end - at) });
    at += ms;
  }
  return plan.sort((a, b) => a.at - b.at);
}

/**
 * Carries out `plan` from now on. `io`: { servers, proxy, receiver, sandbox, log(line), onCrash(),
 * onRestart() }. Returns
 * `{ done: Promise (every fault over and undone), record }`; `record` lists what happened when.
 */
export function runFaults(plan, io) {
  const t0 = Date.now();
  const record = { crashes: [], upstream: [], receiver: [], chaos: [] };
  const pending = [];
  let crashing = Promise.resolve();
  const after = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const at = () => Date.now() - t0;
  // Upstream and receiver faults may overlap themselves: each kind is on while any of its spells is.
  const upstreamSpells = new Map();
  const setUpstream = () => {
    const modes = [...upstreamSpells.values()];
    io.proxy.setMode(modes.includes("error") ? "error" : modes.includes("hang") ? "hang" : (modes[0] ?? "pass"));
  };
  let receiverSpells = 0;

  for (const [index, fault] of plan.entries()) {
    pending.push(
      after(fault.at).then(async () => {
        if (fault.kind === "crash") {
          crashing = crashing.then(async () => {
            const entry = { at: at() };
            io.onCrash?.();
            await io.servers.crashCheckout();
            io.log(`${(at() / 1000).toFixed(1)} s: checkout Worker killed (SIGKILL)`);
            const restarting = Date.now();
            // Not ready in time (a busy machine): stopped and started again, at most three times.
            for (let tries = 1; ; tries++) {
              try {
                await io.servers.restartCheckout();
                break;
              } catch (error) {
                io.log(
                  `${(at() / 1000).toFixed(1)} s: restart ${tries} failed: ${String(error.message).split("\n")[0]}`,
                );
                if (tries >= 3) throw error;
              }
            }
            entry.restartMs = Date.now() - restarting;
            entry.downMs = at() - entry.at;
            io.onRestart?.();
            io.log(`${(at() / 1000).toFixed(1)} s: checkout Worker back after ${(entry.downMs / 1000).toFixed(1)} s`);
            record.crashes.push(entry);
          });
          await crashing;
        } else if (fault.kind === "upstream") {
          upstreamSpells.set(index, fault.mode);
          setUpstream();
          record.upstream.push({ at: at(), mode: fault.mode, ms: fault.ms });
          await after(fault.ms);
          upstreamSpells.delete(index);
          setUpstream();
        } else if (fault.kind === "receiver") {
          receiverSpells++;
          await io.receiver.down();
          record.receiver.push({ at: at(), ms: fault.ms });
          io.log(`${(at() / 1000).toFixed(1)} s: webhook endpoint down for ${(fault.ms / 1000).toFixed(0)} s`);
          await after(fault.ms);
          if (--receiverSpells === 0) await io.receiver.up();
        } else if (fault.kind === "chaos") {
          await io.sandbox.setChaos(fault.chaos);
          record.chaos.push({ at: at(), ms: fault.ms, chaos: fault.chaos });
        }
      }),
    );
  }
  const done = Promise.all(pending).then(async () => {
    await crashing;
    await io.sandbox.setChaos(NO_CHAOS);
    io.proxy.setMode("pass");
    await io.receiver.up();
  });
  return { done, record };
}
