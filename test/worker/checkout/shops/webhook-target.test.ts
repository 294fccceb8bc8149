/**
 * Which webhook targets a production shop may not name (shops/webhook-target.ts): a table of the
 * cases a reviewer would try, and every IPv4 and IPv6 address checked against ipaddr.js's
 * classification of special ranges, an implementation nobody here wrote.
 */
import fc from "fast-check";
import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { refusedTarget } from "../../../../worker/checkout/shops/webhook-target.js";

describe("refusedTarget", () => {
  it.each([
    ["https://127.0.0.1/h", "loopback"],
    ["https://127.255.0.9:8443/h", "loopback"],
    ["https://0x7f.1/h", "loopback"],
    ["https://2130706433/h", "loopback"],
    ["https://[::1]/h", "loopback"],
    ["https://[::ffff:127.0.0.1]/h", "loopback"],
    ["https://[64:ff9b::a00:1]/h", "private"],
    ["https://10.1.2.3/h", "private"],
    ["https://172.16.0.1/h", "private"],
    ["https://172.31.255.255/h", "private"],
    ["https://192.168.1.1/h", "private"],
    ["https://100.64.0.1/h", "private"],
    ["https://169.254.169.254/latest/meta-data", "metadata"],
    ["https://169.254.10.1/h", "link-local"],
    ["https://[fe80::1]/h", "link-local"],
    ["https://[fd00:ec2::254]/h", "unique-local"],
    ["https://[fc00::1]/h", "unique-local"],
    ["https://0.0.0.0/h", "unspecified"],
    ["https://[::]/h", "unspecified"],
    ["https://224.0.0.1/h", "multicast"],
    ["https://[ff02::1]/h", "multicast"],
    ["https://255.255.255.255/h", "reserved"],
    ["https://localhost/h", "local name"],
    ["https://LOCALHOST./h", "local name"],
    ["https://api.localhost/h", "local name"],
    ["https://printer.local/h", "local name"],
    ["https://metadata.google.internal/h", "local name"],
    ["https://nas.home.arpa/h", "local name"],
  ])("refuses %s (%s)", (url, reason) => {
    expect(refusedTarget(url)).toBe(reason);
  });

  it.each([
    "https://shop.example.com/webhooks",
    "https://8.8.8.8/h",
    "https://172.32.0.1/h",
    "https://[2606:4700::1111]/h",
    "https://localhost.example.com/h",
    "https://internal.example.com/h",
    "https://my-local-shop.com/h",
  ])("accepts %s", (url) => {
    expect(refusedTarget(url)).toBeUndefined();
  });

  const REFUSED_V4 = new Set([
    "unspecified",
    "broadcast",
    "multicast",
    "linkLocal",
    "loopback",
    "carrierGradeNat",
    "private",
    "reserved",
  ]);
  const REFUSED_V6 = new Set([
    "unspecified",
    "linkLocal",
    "multicast",
    "loopback",
    "uniqueLocal",
    "deprecatedSiteLocal",
  ]);
  const v4Refused = (address: ipaddr.IPv4) => REFUSED_V4.has(address.range());

  it("agrees with ipaddr.js on every IPv4 address, in any of the forms a URL accepts", () => {
    fc.assert(
      fc.property(fc.ipV4(), fc.constantFrom("dotted", "decimal", "hex"), (ip, form) => {
        const address = ipaddr.IPv4.parse(ip);
        const value = address.toByteArray().reduce((acc, byte) => acc * 256 + byte, 0);
        const host = form === "dotted" ? ip : form === "decimal" ? String(value) : `0x${value.toString(16)}`;
        expect(refusedTarget(`https://${host}/h`) !== undefined).toBe(v4Refused(address));
      }),
      { numRuns: 5_000 },
    );
  });

  it("agrees with ipaddr.js on every IPv6 address, IPv4 inside IPv6 included", () => {
    const embedded = fc
      .tuple(fc.constantFrom("::ffff:", "64:ff9b::", "::ffff:0:", "::"), fc.ipV4())
      .map(([prefix, v4]) => `${prefix}${v4}`);
    fc.assert(
      fc.property(fc.oneof(fc.ipV6(), embedded), (ip) => {
        // As the URL parser normalizes it (ipaddr.js reads "::a.b.c.d" as IPv4-mapped; the URL parser as ::a.b:c.d).
        const url = `https://[${ip}]/h`;
        const address = ipaddr.IPv6.parse(new URL(url).hostname.slice(1, -1));
        const range = address.range();
        const parts = address.parts;
        const compatible = parts.slice(0, 6).every((part) => part === 0);
        const [high = 0, low = 0] = parts.slice(6);
        const v4 = new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
        const expected =
          compatible || ["ipv4Mapped", "rfc6145", "rfc6052"].includes(range) ? v4Refused(v4) : REFUSED_V6.has(range);
        expect(refusedTarget(url) !== undefined).toBe(expected);
      }),
      { numRuns: 5_000 },
    );
  });
});
