/**
 * The client part of the creation rate limit's key, from CF-Connecting-IP. An IPv4 client is its
 * full address; an IPv6 client is its /64 (the first four hextets): one customer line or one
 * server usually gets a whole /64, so keying by the full address would give an attacker 2^64
 * buckets. IPv4-mapped IPv6 addresses (::ffff:a.b.c.d, ::ffff:XXXX:XXXX) are their IPv4 address.
 * Pure: no bindings, no I/O.
 */

/** The key of a missing or unreadable header: all such clients share one bucket. */
export const UNKNOWN_CLIENT = "unknown";

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEXTET = /^[0-9a-fA-F]{1,4}$/;

/** The four octets of a dotted IPv4 address, or undefined. */
function parseIpv4(text: string): number[] | undefined {
  const match = IPV4.exec(text);
  if (!match) return undefined;
  const octets = match.slice(1, 5).map(Number);
  return octets.every((o) => o <= 255) ? octets : undefined;
}

/** The hextets of one side of "::" (an embedded IPv4 address allowed at the end), or undefined. */
function parseGroups(text: string, ipv4Allowed: boolean): number[] | undefined {
  if (text === "") return [];
  const parts = text.split(":");
  const out: number[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i] ?? "";
    if (ipv4Allowed && i === parts.length - 1 && part.includes(".")) {
      const v4 = parseIpv4(part);
      if (!v4) return undefined;
      out.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
    } else if (HEXTET.test(part)) {
      out.push(parseInt(part, 16));
    } else {
      return undefined;
    }
  }
  return out;
}

/** The eight 16-bit groups of an IPv6 address (with "::" and an embedded IPv4 tail), or undefined. */
export function parseIpv6(text: string): number[] | undefined {
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  if (halves.length === 1) {
    const groups = parseGroups(text, true);
    return groups?.length === 8 ? groups : undefined;
  }
  const head = parseGroups(halves[0] ?? "", false);
  const tail = parseGroups(halves[1] ?? "", true);
  if (!head || !tail || head.length + tail.length > 7) return undefined;
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/**
 * The rate-limit key of a client address: `a.b.c.d` for IPv4 (leading zeros dropped), `x:x:x:x::/64`
 * (lower-case, no leading zeros) for IPv6, UNKNOWN_CLIENT for a missing or unreadable value.
 */
export function clientKey(address: string | null | undefined): string {
  if (!address) return UNKNOWN_CLIENT;
  // A zone index (fe80::1%eth0) names the interface, not the client.
  const text = address.trim().replace(/%.*$/, "");
  const v4 = parseIpv4(text);
  if (v4) return v4.join(".");
  const groups = text.includes(":") ? parseIpv6(text) : undefined;
  if (!groups) return UNKNOWN_CLIENT;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
