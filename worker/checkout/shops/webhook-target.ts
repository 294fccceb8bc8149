/**
 * Which webhook URLs a production shop may not name: addresses that reach the Worker's own
 * network rather than the shop's server. Part of the shop's schema (shop-schema.ts), which checks
 * every shop whenever it is read — the SHOPS var, and a registry row each time an isolate loads it
 * (also for the delivery of a queued event) — so an admin API write is refused with the field's
 * message and no delivery ever reaches such a target. Pure: the URL's host as the WHATWG URL parser normalized it (so
 * `http://0x7f.1/` is already `127.0.0.1` and `[::ffff:127.0.0.1]` is `[::ffff:7f00:1]`).
 *
 * Names are refused when they are local by definition (`localhost`, `*.localhost`, `*.local`,
 * `*.internal`, `*.home.arpa`). A public name whose DNS answer is private cannot be checked here:
 * Workers have no DNS lookup, and their outbound requests leave through Cloudflare's network,
 * which does not route to private addresses (docs/webhooks.md, "Where webhooks may go").
 */

/** Why a target is refused (the schema's message names it). */
export type RefusedTarget =
  | "loopback"
  | "private"
  | "link-local"
  | "unique-local"
  | "metadata"
  | "unspecified"
  | "multicast"
  | "reserved"
  | "local name";

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa)\.?$/i;

/** IPv4 ranges as [first octets, prefix length, reason], most specific first. */
const V4_RANGES: [number, number, RefusedTarget][] = [
  [0xa9fea9fe, 32, "metadata"], // 169.254.169.254
  [0x00000000, 8, "unspecified"], // 0.0.0.0/8
  [0x0a000000, 8, "private"], // 10/8
  [0x64400000, 10, "private"], // 100.64/10 (shared address space)
  [0x7f000000, 8, "loopback"], // 127/8
  [0xa9fe0000, 16, "link-local"], // 169.254/16
  [0xac100000, 12, "private"], // 172.16/12
  [0xc0000000, 24, "reserved"], // 192.0.0/24 (protocol assignments)
  [0xc0000200, 24, "reserved"], // 192.0.2/24 (documentation)
  [0xc0586300, 24, "reserved"], // 192.88.99/24 (former 6to4 relays)
  [0xc0a80000, 16, "private"], // 192.168/16
  [0xc6120000, 15, "reserved"], // 198.18/15 (benchmarking)
  [0xc6336400, 24, "reserved"], // 198.51.100/24 (documentation)
  [0xcb007100, 24, "reserved"], // 203.0.113/24 (documentation)
  [0xe0000000, 4, "multicast"], // 224/4
  [0xf0000000, 4, "reserved"], // 240/4 and the broadcast address
];

function v4Reason(value: number): RefusedTarget | undefined {
  for (const [base, bits, reason] of V4_RANGES) {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    if ((value & mask) >>> 0 === base) return reason;
  }
  return undefined;
}

function parseV4(host: string): number | undefined {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.reduce((acc, p) => ((acc << 8) | Number(p)) >>> 0, 0);
}

/** The eight 16-bit groups of a normalized IPv6 literal (without brackets). */
function parseV6(host: string): number[] | undefined {
  const halves = host.split("::");
  if (halves.length > 2) return undefined;
  const groups = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const head = groups(halves[0] ?? "");
  const tail = halves.length === 2 ? groups(halves[1] ?? "") : [];
  const fill = 8 - head.length - tail.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0)) return undefined;
  const all = [...head, ...Array<number>(fill).fill(0), ...tail];
  return all.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? all : undefined;
}

function v6Reason(g: number[]): RefusedTarget | undefined {
  const [a = 0, b = 0, , , , f = 0, gg = 0, h = 0] = g;
  const v4 = ((gg << 16) | h) >>> 0;
  if (g.every((x) => x === 0)) return "unspecified";
  if (g.slice(0, 7).every((x) => x === 0) && h === 1) return "loopback";
  // IPv4-compatible (::a.b.c.d, deprecated), IPv4-mapped (::ffff:a.b.c.d), IPv4-translated
  // (::ffff:0:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): the IPv4 address decides.
  if (g.slice(0, 5).every((x) => x === 0) && (f === 0xffff || f === 0)) return v4Reason(v4);
  if (g.slice(0, 4).every((x) => x === 0) && g[4] === 0xffff && f === 0) return v4Reason(v4);
  if (a === 0x64 && b === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Reason(v4);
  if ((a & 0xfe00) === 0xfc00) return "unique-local";
  if ((a & 0xffc0) === 0xfe80) return "link-local";
  if ((a & 0xffc0) === 0xfec0) return "private"; // site-local, deprecated but still routed inside sites
  if ((a & 0xff00) === 0xff00) return "multicast";
  return undefined;
}

/** Why a production shop may not send webhooks to `url`, or undefined when it may. */
export function refusedTarget(url: string): RefusedTarget | undefined {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return undefined; // not a URL: the schema's own check says so
  }
  if (host.startsWith("[") && host.endsWith("]")) {
    const groups = parseV6(host.slice(1, -1));
    return groups ? v6Reason(groups) : "reserved";
  }
  const v4 = parseV4(host);
  if (v4 !== undefined) return v4Reason(v4);
  return LOCAL_NAMES.test(host) ? "local name" : undefined;
}
