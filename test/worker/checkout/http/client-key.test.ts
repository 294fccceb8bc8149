/**
 * The client part of the creation rate limit's key (client-key.ts): IPv4 by address, IPv6 by /64,
 * whatever way the address is written. Properties with fast-check over generated addresses
 * written in random styles (compression of any zero run, leading zeros, upper case, an IPv4 tail).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clientKey, parseIpv6, UNKNOWN_CLIENT } from "../../../../worker/checkout/http/client-key.js";

const RUNS = 1000;

const hextet = fc.integer({ min: 0, max: 0xffff });
/** Hextets that are often 0, so that "::" compression gets exercised. */
const sparseHextet = fc.oneof(fc.constant(0), fc.constant(0), hextet);
const prefix64 = fc.array(sparseHextet, { minLength: 4, maxLength: 4 }).filter((groups) => groups.some((g) => g !== 0)); // ::/64 holds only special addresses (mapped, loopback)
const suffix64 = fc.array(sparseHextet, { minLength: 4, maxLength: 4 });

interface Style {
  /** Which zero run to compress with "::" (an index into the zero runs; beyond them: none). */
  compress: number;
  upper: boolean;
  /** Pad each group with leading zeros to four digits. */
  pad: boolean[];
  /** Write the last 32 bits as a dotted IPv4 address. */
  dottedTail: boolean;
}

const style: fc.Arbitrary<Style> = fc.record({
  compress: fc.nat({ max: 4 }),
  upper: fc.boolean(),
  pad: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  dottedTail: fc.boolean(),
});

/** The runs of consecutive zero groups: [start, length]. */
function zeroRuns(groups: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < groups.length; i += 1) {
    if (groups[i] !== 0) continue;
    let j = i;
    while (j < groups.length && groups[j] === 0) j += 1;
    runs.push([i, j - i]);
    i = j;
  }
  return runs;
}

/** One of the many valid ways to write the eight groups. */
function format(groups: number[], s: Style): string {
  const texts = groups.map((g, i) => {
    const hex = g.toString(16);
    return s.pad[i] ? hex.padStart(4, "0") : hex;
  });
  let tail: string[] = [];
  let head = texts;
  if (s.dottedTail) {
    const [hi = 0, lo = 0] = groups.slice(6);
    tail = [[hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join(".")];
    head = texts.slice(0, 6);
  }
  const runs = zeroRuns(groups.slice(0, head.length));
  const run = runs[s.compress];
  let out: string;
  if (run) {
    const [start, length] = run;
    const left = head.slice(0, start).join(":");
    const right = [...head.slice(start + length), ...tail].join(":");
    out = `${left}::${right}`;
  } else {
    out = [...head, ...tail].join(":");
  }
  return s.upper ? out.toUpperCase() : out;
}

describe("clientKey", () => {
  it("keys IPv4 by the whole address, IPv6 by its /64 (lower case, no leading zeros)", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey(" 203.0.113.7 ")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:85a3:0:0:8a2e:370:7334")).toBe("2001:db8:85a3:0::/64");
    expect(clientKey("2001:DB8:85A3::8A2E:370:7334")).toBe("2001:db8:85a3:0::/64");
    expect(clientKey("2001:0db8:85a3:0000:ffff:ffff:ffff:ffff")).toBe("2001:db8:85a3:0::/64");
    expect(clientKey("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(clientKey("2001:db8:1:2:3:4:5:6")).not.toBe(clientKey("2001:db8:1:3:3:4:5:6"));
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("64:ff9b::192.0.2.33")).toBe("64:ff9b:0:0::/64");
  });

  it("keys IPv4-mapped IPv6 addresses as their IPv4 address, in both notations", () => {
    expect(clientKey("::ffff:192.0.2.128")).toBe("192.0.2.128");
    expect(clientKey("::FFFF:c000:0280")).toBe("192.0.2.128");
    expect(clientKey("0:0:0:0:0:ffff:192.0.2.128")).toBe("192.0.2.128");
  });

  it("puts a missing or unreadable value in one shared bucket", () => {
    for (const value of [
      undefined,
      null,
      "",
      "unknown",
      "1.2.3",
      "256.1.1.1",
      "1.2.3.4.5",
      "2001:db8::1::2",
      "2001:db8:1:2:3:4:5:6:7",
      "12345::",
      "::g",
      "1:2:3:4:5:6:7",
      "1:2:3:4:5:6:7::8",
      ":::",
      "::1.2.3.4.5",
    ]) {
      expect(clientKey(value), String(value)).toBe(UNKNOWN_CLIENT);
    }
  });

  it("parses the unspecified and loopback addresses", () => {
    expect(parseIpv6("::")).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIpv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6("1::")).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
  });

  it("property: any two addresses of one /64, however written, have the same key", () => {
    fc.assert(
      fc.property(prefix64, suffix64, suffix64, style, style, (prefix, a, b, styleA, styleB) => {
        const textA = format([...prefix, ...a], styleA);
        const textB = format([...prefix, ...b], styleB);
        expect(parseIpv6(textA)).toEqual([...prefix, ...a]);
        expect(clientKey(textA)).toBe(clientKey(textB));
        expect(clientKey(textA)).toMatch(/^[0-9a-f]{1,4}(?::[0-9a-f]{1,4}){3}::\/64$/);
      }),
      { numRuns: RUNS },
    );
  });

  it("property: addresses of different /64s have different keys", () => {
    fc.assert(
      fc.property(prefix64, prefix64, suffix64, suffix64, style, style, (prefixA, prefixB, a, b, styleA, styleB) => {
        fc.pre(prefixA.some((g, i) => g !== prefixB[i]));
        expect(clientKey(format([...prefixA, ...a], styleA))).not.toBe(clientKey(format([...prefixB, ...b], styleB)));
      }),
      { numRuns: RUNS },
    );
  });

  it("property: IPv4 addresses keep their whole address, mapped or not, and never meet an IPv6 key", () => {
    const octets = fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 });
    fc.assert(
      fc.property(octets, octets, prefix64, suffix64, style, (a, b, prefix, suffix, s) => {
        const [a0 = 0, a1 = 0, a2 = 0, a3 = 0] = a;
        const keyA = clientKey(a.join("."));
        expect(keyA).toBe(a.join("."));
        expect(clientKey(`::ffff:${a.join(".")}`)).toBe(keyA);
        expect(clientKey(format([0, 0, 0, 0, 0, 0xffff, (a0 << 8) | a1, (a2 << 8) | a3], s))).toBe(keyA);
        if (a.join(".") !== b.join(".")) expect(clientKey(b.join("."))).not.toBe(keyA);
        expect(clientKey(format([...prefix, ...suffix], s))).not.toBe(keyA);
      }),
      { numRuns: RUNS },
    );
  });
});
