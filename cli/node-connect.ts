/**
 * The `connect` of the v3 client (worker/v3/http1.ts) for Node: a TCP socket from node:net, or a
 * TLS socket from node:tls when `secureTransport` is "on", as the web streams that
 * cloudflare:sockets hands out. Used by the estimate call only (a GET with a body, which fetch
 * refuses).
 */
import { connect as netConnect, type Socket as NetSocket } from "node:net";
import { connect as tlsConnect } from "node:tls";
import type { Connect } from "../worker/v3/http1.js";

/** What the v3 client uses of a socket (a subset of cloudflare:sockets' Socket). */
interface StreamSocket {
  readable: ReadableStream<Uint8Array>;
  writable: WritableStream<Uint8Array>;
  closed: Promise<void>;
  opened: Promise<{ remoteAddress?: string; localAddress?: string }>;
  close(): Promise<void>;
}

export function nodeSocket(
  address: { hostname: string; port: number },
  options: { secureTransport: "on" | "off"; allowHalfOpen: boolean },
): StreamSocket {
  const socket: NetSocket =
    options.secureTransport === "on"
      ? tlsConnect({ host: address.hostname, port: address.port, servername: address.hostname })
      : netConnect({ host: address.hostname, port: address.port, allowHalfOpen: options.allowHalfOpen });
  let failure: Error | undefined;
  const closed = new Promise<void>((resolve, reject) => {
    socket.once("close", () => (failure ? reject(failure) : resolve()));
  });
  closed.catch(() => undefined);
  const opened = new Promise<{ remoteAddress?: string; localAddress?: string }>((resolve, reject) => {
    socket.once(options.secureTransport === "on" ? "secureConnect" : "connect", () =>
      resolve({ remoteAddress: socket.remoteAddress ?? "", localAddress: socket.localAddress ?? "" }),
    );
    socket.once("error", reject);
  });
  opened.catch(() => undefined);

  const readable = new ReadableStream<Uint8Array>({
    start(controller) {
      socket.on("data", (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) socket.pause();
      });
      socket.once("end", () => {
        try {
          controller.close();
        } catch {
          // already closed or errored
        }
      });
      socket.once("error", (error) => {
        failure = error;
        try {
          controller.error(error);
        } catch {
          // already closed
        }
      });
    },
    pull() {
      socket.resume();
    },
    cancel() {
      socket.destroy();
    },
  });
  const writable = new WritableStream<Uint8Array>({
    write(chunk) {
      return new Promise<void>((resolve, reject) => {
        socket.write(chunk, (error) => (error ? reject(error) : resolve()));
      });
    },
    close() {
      return new Promise<void>((resolve) => socket.end(resolve));
    },
    abort() {
      socket.destroy();
    },
  });
  return {
    readable,
    writable,
    closed,
    opened,
    close() {
      socket.destroy();
      return closed.catch(() => undefined);
    },
  };
}

/** nodeSocket typed as the client's Connect. */
export const nodeConnect: Connect = nodeSocket as unknown as Connect;
