/**
 * A minimal HTTP/1.1 client over a TCP socket (`connect()` from cloudflare:sockets), for the one
 * upstream call fetch() cannot make: a GET that carries a JSON body (estimate-conversion).
 * Writes the request by hand (TLS when the URL is https), then reads the response: status line,
 * headers, and a body framed by Content-Length, chunked transfer-encoding, or the connection's end.
 */
import { V3Error } from "./errors.js";
import { MAX_RESPONSE_BYTES, type RawResponse, type Send } from "./transport.js";

export type Connect = (
  address: { hostname: string; port: number },
  options: { secureTransport: "on" | "off"; allowHalfOpen: boolean },
) => Socket;

const CRLF = new Uint8Array([13, 10]);
const CRLFCRLF = new Uint8Array([13, 10, 13, 10]);

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function ascii(bytes: Uint8Array): string {
  return new TextDecoder("latin1").decode(bytes);
}

function malformed(message: string): V3Error {
  return new V3Error("invalid_response", "malformed_http_response", `estimate-conversion: ${message}`);
}

/** Decodes a chunked body; undefined while incomplete. */
function dechunk(data: Uint8Array): Uint8Array | undefined {
  const parts: Uint8Array[] = [];
  let pos = 0;
  for (;;) {
    const lineEnd = indexOf(data, CRLF, pos);
    if (lineEnd < 0) return undefined;
    const sizeText = ascii(data.subarray(pos, lineEnd)).split(";")[0]?.trim() ?? "";
    if (!/^[0-9a-fA-F]{1,8}$/.test(sizeText)) throw malformed(`bad chunk size "${sizeText.slice(0, 20)}"`);
    const size = parseInt(sizeText, 16);
    pos = lineEnd + 2;
    if (size === 0) {
      // Trailers (ignored) end with an empty line.
      if (data.length >= pos + 2 && data[pos] === 13 && data[pos + 1] === 10) break;
      return indexOf(data, CRLFCRLF, pos - 2) < 0 ? undefined : concat(parts);
    }
    if (data.length < pos + size + 2) return undefined;
    parts.push(data.subarray(pos, pos + size));
    pos += size + 2;
  }
  return concat(parts);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Parses a response from the bytes read so far. Returns undefined when more bytes are needed;
 * with `ended` (the peer closed), a response still incomplete is an error.
 */
export function parseHttpResponse(data: Uint8Array, ended: boolean): RawResponse | undefined {
  let start = 0;
  for (;;) {
    const headEnd = indexOf(data, CRLFCRLF, start);
    if (headEnd < 0) {
      if (ended)
        throw malformed(data.length === 0 ? "connection closed without a response" : "incomplete response head");
      return undefined;
    }
    const lines = ascii(data.subarray(start, headEnd)).split("\r\n");
    const statusMatch = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(lines[0] ?? "");
    if (!statusMatch?.[1]) throw malformed(`bad status line "${(lines[0] ?? "").slice(0, 60)}"`);
    const status = Number(statusMatch[1]);
    const headers = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(":");
      if (colon <= 0) throw malformed("bad header line");
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const bodyStart = headEnd + 4;
    if (status >= 100 && status < 200) {
      start = bodyStart; // an interim response (100 Continue): the real one follows
      continue;
    }
    const rest = data.subarray(bodyStart);
    let body: Uint8Array | undefined;
    if (
      headers
        .get("transfer-encoding")
        ?.toLowerCase()
        .split(",")
        .map((s) => s.trim())
        .includes("chunked")
    ) {
      body = dechunk(rest);
    } else if (headers.has("content-length")) {
      const lengthText = headers.get("content-length") ?? "";
      if (!/^\d+$/.test(lengthText)) throw malformed("bad Content-Length");
      const length = Number(lengthText);
      body = rest.length >= length ? rest.subarray(0, length) : undefined;
    } else if (status === 204 || status === 304) {
      body = new Uint8Array(0);
    } else {
      body = ended ? rest : undefined;
    }
    if (body === undefined) {
      if (ended) throw malformed("body shorter than announced");
      return undefined;
    }
    return { status, text: new TextDecoder().decode(body) };
  }
}

function headerSafe(name: string, value: string): string {
  if (/[\r\n]/.test(name) || /[\r\n]/.test(value)) {
    throw new V3Error(
      "invalid_request",
      "invalid_header",
      `header ${name.replace(/[\r\n]/g, "")} contains a line break`,
    );
  }
  return `${name}: ${value}\r\n`;
}

/** The `Send` over connect(): one connection per request, `Connection: close`. */
export function socketSend(connectImpl: Connect): Send {
  return async (exchange, signal) => {
    const { url } = exchange;
    const tls = url.protocol === "https:";
    const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
    const port = url.port === "" ? (tls ? 443 : 80) : Number(url.port);
    const body = new TextEncoder().encode(exchange.body ?? "");
    let head = `${exchange.method} ${url.pathname}${url.search} HTTP/1.1\r\n${headerSafe("Host", url.host)}`;
    for (const [name, value] of Object.entries(exchange.headers)) head += headerSafe(name, value);
    if (exchange.body !== undefined) head += `Content-Length: ${body.length}\r\n`;
    head += "Connection: close\r\n\r\n";

    const socket = connectImpl({ hostname, port }, { secureTransport: tls ? "on" : "off", allowHalfOpen: false });
    const onAbort = () => void socket.close().catch(() => undefined);
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      const writer = socket.writable.getWriter();
      await writer.write(concat([new TextEncoder().encode(head), body]));
      writer.releaseLock();
      const reader = socket.readable.getReader();
      let received: Uint8Array = new Uint8Array(0);
      for (;;) {
        const { done, value } = await reader.read();
        if (value) received = concat([received, value as Uint8Array]);
        if (received.length > MAX_RESPONSE_BYTES)
          throw new V3Error(
            "invalid_response",
            "response_too_large",
            `estimate-conversion: response exceeds ${MAX_RESPONSE_BYTES} bytes`,
          );
        const response = parseHttpResponse(received, done);
        if (response) return response;
      }
    } finally {
      signal.removeEventListener("abort", onAbort);
      await socket.close().catch(() => undefined);
    }
  };
}
