/**
 * vitest globalSetup (runs in Node): a real HTTP/1.1 server on 127.0.0.1 standing in for the
 * upstream's estimate-conversion endpoint, so the client's hand-written GET-with-body request is
 * proven against a real parser. Its port reaches the workerd tests through provide/inject.
 *
 * The first path segment picks the answer: "ok" (Content-Length), "chunked", "eof" (body ends
 * with the connection), "continue" (a 100 Continue first), "error" (422), "garbage", "silent"
 * (never answers). Every request is recorded; GET /seen?path=... returns the records for a path.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { TestProject } from "vitest/node";
import { freePort } from "../../../support/free-port.js";

declare module "vitest" {
  export interface ProvidedContext {
    estimateServerPort: number;
    /** A port on 127.0.0.1 with nothing listening (for refused connections). */
    closedPort: number;
  }
}

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

const ESTIMATE = '{"currency":"LTC","amount":12345678.123456789012,"extra":true}';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const seen: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      if (url.pathname === "/seen") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(seen.filter((s) => s.path === url.searchParams.get("path"))));
        return;
      }
      seen.push({
        method: req.method ?? "",
        path: url.pathname,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const mode = url.pathname.split("/")[1]?.split("-")[0];
      switch (mode) {
        case "ok":
          res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(ESTIMATE) });
          res.end(ESTIMATE);
          return;
        case "chunked":
          res.writeHead(200, { "content-type": "application/json", "transfer-encoding": "chunked" });
          res.write(ESTIMATE.slice(0, 5));
          res.write(ESTIMATE.slice(5, 30));
          res.end(ESTIMATE.slice(30));
          return;
        case "eof":
          req.socket.end(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n${ESTIMATE}`);
          return;
        case "continue":
          req.socket.end(
            `HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: ${Buffer.byteLength(ESTIMATE)}\r\n\r\n${ESTIMATE}`,
          );
          return;
        case "error":
          res.writeHead(422, { "content-type": "application/json" });
          res.end('{"error":"sellAmount below minimum"}');
          return;
        case "garbage":
          res.writeHead(200, { "content-type": "text/plain" });
          res.end("not json at all");
          return;
        case "silent":
          return; // never answers; the client's timeout must end the wait
        default:
          res.writeHead(404);
          res.end();
      }
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || address === null) throw new Error("estimate server has no port");
  project.provide("estimateServerPort", address.port);
  project.provide("closedPort", await freePort());
  return async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
