/**
 * worker/v3/http1.ts types `connect()` with the global Socket of @cloudflare/workers-types, and
 * worker/v3/notification.ts names the global CryptoKey. The CLI is a Node project without those
 * types (they clash with Node's), so it declares what the v3 client uses of them;
 * cli/node-connect.ts provides the socket.
 */
import type { webcrypto } from "node:crypto";

declare global {
  interface Socket {
    readonly readable: ReadableStream;
    readonly writable: WritableStream;
    readonly closed: Promise<void>;
    close(): Promise<void>;
  }
  type CryptoKey = webcrypto.CryptoKey;
}
