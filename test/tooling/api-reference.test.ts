import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { renderReference } from "../../scripts/api-reference.mjs";

interface Doc {
  paths: Record<string, Record<string, { operationId: string }>>;
  webhooks: Record<string, { post: { operationId: string } }>;
  components: { schemas: Record<string, unknown> };
}
const document = JSON.parse(
  readFileSync(fileURLToPath(new URL("../../docs/openapi.json", import.meta.url)), "utf8"),
) as Doc;
const { "index.html": html, "reference.css": css } = renderReference(document);
const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map(([, id]) => id));

describe("the API reference page (scripts/api-reference.mjs)", () => {
  it("has a section for every operation, webhook and schema of the document", () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(operations.length).toBeGreaterThan(30);
    for (const id of operations) expect(ids, id).toContain(id);
    for (const { post } of Object.values(document.webhooks)) expect(ids, post.operationId).toContain(post.operationId);
    for (const name of Object.keys(document.components.schemas)) expect(ids, name).toContain(`schema-${name}`);
  });

  it("links only to its own anchors, its stylesheet and this Worker's routes", () => {
    const targets = [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map(([, target]) => target ?? "");
    for (const target of targets) {
      if (target.startsWith("#")) expect(ids, target).toContain(target.slice(1));
      else expect(["reference.css", "/api/openapi.json"]).toContain(target);
    }
  });

  it("runs no script and has no inline style, so a CSP without 'unsafe-inline' holds", () => {
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=|javascript:/i);
    expect(css).not.toMatch(/@import|url\(/);
  });

  it("escapes the document's text", () => {
    const page = renderReference({
      ...document,
      info: { ...(document as unknown as { info: object }).info, title: "<img src=x onerror=alert(1)>" },
    });
    expect(page["index.html"]).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(page["index.html"]).not.toContain("<img src=x");
  });
});
