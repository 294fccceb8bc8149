import { bech32, bech32m } from "bech32";
import type { CurrencyInfo } from "./currencies.js";

/**
 * A fresh testnet SegWit v0 address (P2WPKH): a random 20-byte witness program encoded with the
 * `bech32` library under the currency's human-readable part (tb1... for BTC, tltc1... for LTC).
 */
export function newTestnetAddress(currency: CurrencyInfo): string {
  if (!currency.testnet) throw new Error(`${currency.code} has no addresses`);
  const program = crypto.getRandomValues(new Uint8Array(20));
  return bech32.encode(currency.testnet.hrp, [0, ...bech32.toWords(program)]);
}

/**
 * Whether `address` is a valid testnet SegWit address of `currency` (BIP173/BIP350): the right
 * prefix, a valid checksum (bech32 for v0, bech32m for v1..16), a program of legal length.
 */
export function isTestnetAddress(currency: CurrencyInfo, address: string): boolean {
  const hrp = currency.testnet?.hrp;
  if (!hrp) return false;
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const lower = address.toLowerCase();
  for (const lib of [bech32, bech32m]) {
    const decoded = lib.decodeUnsafe(lower);
    if (!decoded || decoded.prefix !== hrp || decoded.words.length === 0) continue;
    const [version, ...rest] = decoded.words as [number, ...number[]];
    if (version > 16 || (version === 0) !== (lib === bech32)) continue;
    const program = bech32.fromWordsUnsafe(rest);
    if (!program || program.length < 2 || program.length > 40) continue;
    if (version === 0 && program.length !== 20 && program.length !== 32) continue;
    return true;
  }
  return false;
}
