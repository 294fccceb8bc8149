/** The upstream v3 API: client, errors, response parsing, notifications. */
export { createV3Client, type V3Client, type V3ClientOptions, type V3Credentials } from "./client.js";
export { V3Error, type V3ErrorKind } from "./errors.js";
export { isRfc3339, parseRfc3339 } from "./datetime.js";
export type { Connect } from "./http1.js";
export { parseAnyNotification, parseNotification, signBody, verifyNotification, type SignatureOptions } from "./notification.js";
export {
  parseConversion,
  parseConversionEstimate,
  parseCurrencies,
  parseJsonText,
  parsePayment,
  parsePayout,
  parsePayoutLimits,
} from "./parse.js";
export * from "./types.js";
