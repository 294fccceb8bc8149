/**
 * QR code of a payment URI as an SVG path (pure): qrcode computes the modules, this file turns
 * them into one path with a quiet zone. The element draws it on a white square, in every theme.
 */
import { create } from "qrcode/lib/core/qrcode.js";
import { bech32, bech32m } from "bech32";

/** Quiet zone around the code, in modules (the QR standard asks for 4). */
export const QUIET_ZONE = 4;

export interface QrPath {
  /** Width and height of the viewBox, quiet zone included. */
  size: number;
  /** One path: a rectangle per run of dark modules in a row. */
  d: string;
}

/** Bech32/bech32m addresses (bc1..., ltc1...) are case-insensitive; in upper case they fit the QR alphanumeric mode. */
export function isBech32Address(address: string): boolean {
  return address === address.toLowerCase() && (bech32.decodeUnsafe(address, 120) !== undefined || bech32m.decodeUnsafe(address, 120) !== undefined);
}

/**
 * The text encoded in the QR: the payment URI (or the bare address without one), with a bech32
 * address upper-cased inside it. Links and copy buttons keep the original.
 */
export function qrPayload(paymentUri: string | undefined, address: string): string {
  const text = paymentUri ?? address;
  if (!address || !isBech32Address(address)) return text;
  return text.split(address).join(address.toUpperCase());
}

export function qrPath(text: string): QrPath {
  const { modules } = create(text, { errorCorrectionLevel: "M" });
  const count = modules.size;
  const parts: string[] = [];
  for (let y = 0; y < count; y++) {
    let x = 0;
    while (x < count) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      const start = x;
      while (x < count && modules.get(y, x)) x++;
      parts.push(`M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h${start - x}z`);
    }
  }
  return { size: count + 2 * QUIET_ZONE, d: parts.join("") };
}
