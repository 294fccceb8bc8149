// @ts-check
/** Reading request bodies and writing JSON answers with node:http. */
import { Buffer } from "node:buffer";

/** @import { IncomingMessage, ServerResponse } from "node:http" */

/**
 * The body of a request as text (UTF-8), or tooLarge when it has more than `limit` bytes. A body
 * over the limit is read to its end but not kept, so that the client gets the answer.
 *
 * @param {IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<{ tooLarge: false, text: string } | { tooLarge: true }>}
 */
export function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on("data", (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.on("end", () => {
      if (size > limit) resolve({ tooLarge: true });
      else resolve({ tooLarge: false, text: Buffer.concat(chunks).toString("utf8") });
    });
    req.on("error", reject);
    // A client that goes away mid-body: nothing to answer (a no-op once the body has ended).
    req.on("close", () => {
      if (!req.complete) reject(new Error("the request was aborted"));
    });
  });
}

/**
 * Answers with `body` as JSON.
 *
 * @param {ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
export function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(text)),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  res.end(text);
}

/**
 * One header's value; undefined when it is missing or given more than once.
 *
 * @param {string | string[] | undefined} value
 */
export function singleHeader(value) {
  return typeof value === "string" ? value : undefined;
}
