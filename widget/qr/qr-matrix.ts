/**
 * QR code of a payment URI as an SVG path (pure): qrcode computes the modules, this file turns
 * them into one path with a quiet zone. The element draws it on a white square, in every theme.
 */
import { create } from "qrcode/lib/core/qrcode.js";

/** Quiet zone around the code, in modules (the QR standard asks for 4). */
export const QUIET_ZONE = 4;

export interface QrPath {
  /** Width and height of the viewBox, quiet zone included. */
  size: number;
  /** One path: a rectangle per run of dark modules in a row. */
  d: string;
}

/**
 * The shape of a bech32/bech32m address (BIP 173/350: bc1..., tb1..., ltc1...): a lower-case
 * human-readable part, the separator "1", then at least 6 characters of the bech32 alphabet.
 * Such strings are case-insensitive, so upper case (which fits the QR alphanumeric mode) is the
 * same address. The checksum is not verified here: every real address format of this shape is
 * bech32, and should one not be, upper case breaks its own checksum and a wallet refuses it
 * rather than paying elsewhere (the link and the copy buttons keep the original anyway).
 */
const BECH32_SHAPE = /^[a-z]{1,83}1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,}$/;

export function isBech32Address(address: string): boolean {
  return address.length <= 90 && BECH32_SHAPE.test(address);
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
