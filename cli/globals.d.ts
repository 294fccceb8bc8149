/**
 * worker/v3/http1.ts types `connect()` with the global Socket of @cloudflare/workers-types, and
 * worker/v3/notification.ts names the global CryptoKey, worker/checkout/http/errors.ts (through the
 * order-token signing it shares with the Worker) the global HeadersInit. The CLI is a Node project without those
 * types (they clash with Node's), so it declares what the v3 client uses of them;
 * cli/node-connect.ts provides the socket.
 */
import type { webcrypto } from "node:crypto";
import type { HeadersInit as FetchHeadersInit } from "undici-types";

declare global {
  interface Socket {
    readonly readable: ReadableStream;
    readonly writable: WritableStream;
    readonly closed: Promise<void>;
    close(): Promise<void>;
  }
  type CryptoKey = webcrypto.CryptoKey;
  type HeadersInit = FetchHeadersInit;
}
