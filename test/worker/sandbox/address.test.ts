import { bech32, bech32m } from "bech32";
import { describe, expect, it } from "vitest";
import { isTestnetAddress, newTestnetAddress } from "../../../worker/sandbox/address.js";
import { currencyInfo } from "../../../worker/sandbox/currencies.js";

const BTC = currencyInfo("BTC");
const LTC = currencyInfo("LTC");
if (!BTC || !LTC) throw new Error("currencies missing");
const program = (n: number) => new Uint8Array(n).fill(0x5a);
const encode = (lib: typeof bech32, hrp: string, version: number, bytes: number) =>
  lib.encode(hrp, [version, ...lib.toWords(program(bytes))]);

describe("testnet addresses", () => {
  it("generates v0 witness addresses with a 20-byte random program and a valid checksum", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const a = newTestnetAddress(BTC);
      const d = bech32.decode(a);
      expect(d.prefix).toBe("tb");
      expect(d.words[0]).toBe(0);
      expect(bech32.fromWords(d.words.slice(1))).toHaveLength(20);
      expect(isTestnetAddress(BTC, a)).toBe(true);
      seen.add(a);
    }
    expect(seen.size).toBe(20);
    expect(newTestnetAddress(LTC)).toMatch(/^tltc1q[02-9ac-hj-np-z]{38}$/);
  });

  it("accepts the BIP173 testnet P2WSH vector, uppercase addresses, and v1 (bech32m) programs", () => {
    expect(isTestnetAddress(BTC, "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7")).toBe(true);
    expect(isTestnetAddress(BTC, "TB1QRP33G0Q5C5TXSP9ARYSRX4K6ZDKFS4NCE4XJ0GDCCCEFVPYSXF3Q0SL5K7")).toBe(true);
    expect(isTestnetAddress(BTC, encode(bech32m, "tb", 1, 32))).toBe(true);
    expect(isTestnetAddress(LTC, encode(bech32, "tltc", 0, 20))).toBe(true);
  });

  it.each([
    ["a v0 program with a bech32m checksum", encode(bech32m, "tb", 0, 20)],
    ["a v1 program with a bech32 checksum", encode(bech32, "tb", 1, 32)],
    ["a v0 program of 16 bytes", encode(bech32, "tb", 0, 16)],
    ["a mainnet prefix", encode(bech32, "bc", 0, 20)],
    ["another coin's prefix", encode(bech32, "tltc", 0, 20)],
    ["mixed case", "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3Q0sl5k7"],
    ["a broken checksum", "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k8"],
    ["a legacy base58 address", "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn"],
    ["a witness version above 16", encode(bech32m, "tb", 17, 32)],
  ])("refuses %s", (_what, address) => {
    expect(isTestnetAddress(BTC, address)).toBe(false);
  });
});
