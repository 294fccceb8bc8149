/**
 * A `connect()` for the v3 client that carries its hand-written HTTP/1.1 bytes to a handler in
 * the same isolate: the request head and Content-Length body are parsed from the socket's bytes,
 * the handler answers, and the answer goes back as HTTP/1.1 bytes. Lets the client's GET-with-body
 * (estimate-conversion) reach the sandbox's real handler without a TCP listener.
 */
import type { Connect } from "../../../../worker/v3/http1.js";
import { buildRequest } from "./sandbox.js";

const encoder = new TextEncoder();
const HEAD_END = "\r\n\r\n";

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

interface ParsedRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: string;
}

/** The request once all of it has arrived, else undefined. */
function parseRequest(bytes: Uint8Array): ParsedRequest | undefined {
  const text = new TextDecoder("latin1").decode(bytes);
  const end = text.indexOf(HEAD_END);
  if (end < 0) return undefined;
  const [requestLine = "", ...lines] = text.slice(0, end).split("\r\n");
  const [method = "", target = ""] = requestLine.split(" ");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers["content-length"] ?? "0");
  const bodyBytes = bytes.subarray(end + HEAD_END.length);
  if (bodyBytes.length < length) return undefined;
  return {
    method,
    target,
    headers,
    ...(length > 0 ? { body: new TextDecoder().decode(bodyBytes.subarray(0, length)) } : {}),
  };
}

export function bridgeConnect(handler: (request: Request) => Promise<Response>, seen: ParsedRequest[] = []): Connect {
  return (address) => {
    let received: Uint8Array = new Uint8Array(0);
    let output!: ReadableStreamDefaultController<Uint8Array>;
    const readable = new ReadableStream<Uint8Array>({ start: (controller) => void (output = controller) });
    const respond = async (req: ParsedRequest) => {
      seen.push(req);
      const response = await handler(
        buildRequest(req.method, `http://${address.hostname}:${address.port}${req.target}`, {
          headers: req.headers,
          body: req.body,
        }),
      );
      const body = new Uint8Array(await response.arrayBuffer());
      let head = `HTTP/1.1 ${response.status} ${response.statusText || "Status"}\r\n`;
      response.headers.forEach((value, name) => {
        if (name !== "content-length" && name !== "transfer-encoding") head += `${name}: ${value}\r\n`;
      });
      head += `content-length: ${body.length}\r\nconnection: close\r\n\r\n`;
      output.enqueue(concat(encoder.encode(head), body));
      output.close();
    };
    const writable = new WritableStream<Uint8Array>({
      write(chunk) {
        received = concat(received, chunk);
        const req = parseRequest(received);
        if (req) respond(req).catch((err: unknown) => output.error(err));
      },
    });
    const socket = {
      readable,
      writable,
      opened: Promise.resolve({ remoteAddress: `${address.hostname}:${address.port}`, localAddress: "127.0.0.1:0" }),
      closed: Promise.resolve(),
      upgraded: false,
      secureTransport: "off",
      close: () => Promise.resolve(),
      startTls: () => {
        throw new Error("no TLS in the bridge");
      },
    };
    return socket as unknown as Socket;
  };
}
