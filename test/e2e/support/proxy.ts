/**
 * The network between a browser and the servers, for the flows that run in every engine: an HTTP
 * proxy on 127.0.0.1 that each engine is configured to use for every host, loopback included.
 * Not every driver can watch or change a page's traffic (WebKitGTK's WebDriver has no network
 * commands, no init scripts), so the proxy does it the same way for all of them:
 *
 * - it adds CF-Connecting-IP to what reaches the servers, as Cloudflare does, so that each engine
 *   is its own customer for the creation rate limit;
 * - it records every request (method and URL, in order);
 * - it answers the origins a test `serve`s itself (a shop site that exists only in the test);
 * - it puts the recorder (RECORDER_PATH) first in every HTML page, where init scripts would go: a
 *   same-origin classic script, so that a page's own strict policy allows it, that records every
 *   checkout-status event and every Content-Security-Policy violation from before any page script
 *   runs.
 *
 * WebSockets reach it as CONNECT tunnels (or absolute-URL upgrades): inside a tunnel the plain
 * ws:// handshake is read like any request and gets the same header. Each WebSocket it carries is
 * a StreamLink the test can partition and cut, and new handshakes can be held: a network failure
 * as every engine's own WebSocket sees it.
 */
import { createServer, request as httpRequest } from "node:http";
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from "node:http";
import { connect } from "node:net";
import type { AddressInfo, Socket } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
}

/** One WebSocket connection through the proxy. */
export interface StreamLink {
  url: string;
  /** True: what the server sends is dropped (a network partition); the page hears nothing. */
  dropping: boolean;
  /** Cuts the connection at the TCP level, both ways, with no closing handshake. */
  cut(): void;
}

export interface ServedPage {
  status?: number;
  headers: Record<string, string>;
  body: string;
}

/** Where the proxy serves the recorder, on every origin. */
export const RECORDER_PATH = "/__e2e__/recorder.js";

const RECORDER = `(() => {
  window.__statuses = [];
  window.__violations = [];
  document.addEventListener("checkout-status", (event) => window.__statuses.push(event.detail.status));
  document.addEventListener("securitypolicyviolation", (event) => window.__violations.push(event.violatedDirective + " " + event.blockedURI), true);
})();
`;

/** Hop-by-hop headers, which a proxy does not forward. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

function forwardable(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

/** The recorder's script tag right after <head> (or at the very start). */
function withRecorder(html: string): string {
  const tag = `<script src="${RECORDER_PATH}"></script>`;
  const head = /<head\b[^>]*>/i.exec(html);
  return head
    ? `${html.slice(0, head.index + head[0].length)}${tag}${html.slice(head.index + head[0].length)}`
    : `${tag}${html}`;
}

export class RecordingProxy {
  readonly requests: RecordedRequest[] = [];
  /** Every WebSocket the proxy has carried, in order. */
  readonly streams: StreamLink[] = [];
  /** While set, new WebSocket handshakes wait for it (the network is down). */
  #held: Promise<void> | undefined;
  readonly #served = new Map<string, ServedPage>();
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  #port = 0;

  /** `clientAddress`: the CF-Connecting-IP the servers see for this proxy's browser. */
  constructor(readonly clientAddress: string) {
    this.#server = createServer((req, res) => this.#handle(req, res, undefined));
    this.#server.on("connect", (req: IncomingMessage, socket: Socket, head: Buffer) => this.#tunnel(req, socket, head));
    this.#server.on("upgrade", (req: IncomingMessage, socket: Socket, head: Buffer) =>
      this.#upgrade(req, socket, head, undefined),
    );
    this.#server.on("connection", (socket: Socket) => this.#track(socket));
  }

  get port(): number {
    return this.#port;
  }

  /** host:port of the proxy, as browsers' proxy settings take it. */
  get address(): string {
    return `127.0.0.1:${this.#port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once("error", reject);
      this.#server.listen(0, "127.0.0.1", () => resolve());
    });
    this.#port = (this.#server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  /** Answers `url` (origin and path; any query) with `page` instead of a server. */
  serve(url: string, page: ServedPage): void {
    const { origin, pathname } = new URL(url);
    this.#served.set(`${origin}${pathname}`, page);
  }

  /** Holds every new WebSocket handshake until the returned function is called. */
  holdStreams(): () => void {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    this.#held = held;
    return () => {
      if (this.#held === held) this.#held = undefined;
      release();
    };
  }

  /** The requests recorded since `mark` (an earlier `requests.length`). */
  since(mark: number): RecordedRequest[] {
    return this.requests.slice(mark);
  }

  #track(socket: Socket): void {
    this.#sockets.add(socket);
    socket.once("close", () => this.#sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  }

  /** A request: absolute-form from the browser, or origin-form inside a tunnel to `tunnelHost`. */
  #handle(req: IncomingMessage, res: ServerResponse, tunnelHost: string | undefined): void {
    const url = new URL(tunnelHost ? `http://${tunnelHost}${req.url ?? "/"}` : (req.url ?? ""));
    this.requests.push({ method: req.method ?? "GET", url: url.href });
    if (url.pathname === RECORDER_PATH) {
      res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      res.end(RECORDER);
      return;
    }
    const served = this.#served.get(`${url.origin}${url.pathname}`);
    if (served) {
      const html = /text\/html/i.test(served.headers["content-type"] ?? "");
      const body = html ? withRecorder(served.body) : served.body;
      res.writeHead(served.status ?? 200, { ...served.headers, "content-length": String(Buffer.byteLength(body)) });
      res.end(body);
      return;
    }
    const upstream = httpRequest(
      {
        host: url.hostname,
        port: url.port || 80,
        // One connection per request: a kept-alive socket that the server closes just as it is
        // reused would fail a request that never reached the server.
        agent: false,
        method: req.method,
        path: `${url.pathname}${url.search}`,
        // Identity, so that an HTML page can be read and the recorder put in.
        headers: {
          ...forwardable(req.headers),
          host: url.host,
          "accept-encoding": "identity",
          "cf-connecting-ip": this.clientAddress,
        },
      },
      (answer) => {
        // A server that drops the connection mid-answer must not leave the browser waiting for
        // the rest: a resource that never ends holds the page's load event, and WebKit's driver
        // waits for that load before every command. The browser sees the connection reset instead.
        answer.on("aborted", () => res.destroy());
        answer.on("error", () => res.destroy());
        const headers = forwardable(answer.headers);
        const isHtml = /text\/html/i.test(String(answer.headers["content-type"] ?? "")) && req.method === "GET";
        if (!isHtml) {
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = withRecorder(Buffer.concat(chunks).toString("utf8"));
          delete headers["content-length"];
          delete headers["etag"];
          res.writeHead(answer.statusCode ?? 502, { ...headers, "content-length": String(Buffer.byteLength(body)) });
          res.end(body);
        });
      },
    );
    upstream.on("error", (error) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(`proxy: ${error.message}`);
    });
    // The browser gave up (a navigation away, a closed tab): so does the request to the server.
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }

  /** CONNECT host:port: answer 200 and read what comes through as requests to that host. */
  #tunnel(req: IncomingMessage, socket: Socket, head: Buffer): void {
    const host = req.url ?? "";
    socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    const inner = createServer((innerReq, innerRes) => this.#handle(innerReq, innerRes, host));
    inner.on("upgrade", (innerReq: IncomingMessage, innerSocket: Socket, innerHead: Buffer) =>
      this.#upgrade(innerReq, innerSocket, innerHead, host),
    );
    if (head.length > 0) socket.unshift(head);
    inner.emit("connection", socket);
  }

  /** A WebSocket handshake: sent on to the server with the client address, then piped both ways. */
  #upgrade(req: IncomingMessage, socket: Socket, head: Buffer, tunnelHost: string | undefined): void {
    if (this.#held) {
      // The network is down: the page keeps waiting for the handshake's answer.
      void this.#held.then(() => this.#upgrade(req, socket, head, tunnelHost));
      return;
    }
    const url = new URL(tunnelHost ? `http://${tunnelHost}${req.url ?? "/"}` : (req.url ?? ""));
    const wsUrl = url.href.replace(/^http/, "ws");
    this.requests.push({ method: req.method ?? "GET", url: wsUrl });
    const upstream = connect(Number(url.port || 80), url.hostname, () => {
      const headers: IncomingHttpHeaders = { ...req.headers, host: url.host, "cf-connecting-ip": this.clientAddress };
      delete headers["proxy-connection"];
      const lines = [`${req.method ?? "GET"} ${url.pathname}${url.search} HTTP/1.1`];
      for (const [name, value] of Object.entries(headers)) {
        for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) lines.push(`${name}: ${one}`);
      }
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      const link: StreamLink = {
        url: wsUrl,
        dropping: false,
        cut: () => {
          socket.destroy();
          upstream.destroy();
        },
      };
      this.streams.push(link);
      upstream.on("data", (chunk: Buffer) => {
        if (!link.dropping) socket.write(chunk);
      });
      upstream.on("end", () => socket.end());
      socket.pipe(upstream);
    });
    this.#track(upstream);
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  }
}
