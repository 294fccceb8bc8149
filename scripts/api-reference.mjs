// The HTTP API's reference page, rendered from the OpenAPI document (docs/openapi.json) as static
// HTML and one stylesheet: no script, no inline style, nothing from another origin, so that it
// passes the same strict Content-Security-Policy as the demo. Pure: `renderReference(document)`
// gives the files; scripts/build-api-reference.mjs writes them to dist/public/docs/api/.

const METHODS = ["get", "post", "put", "patch", "delete"];

const escape = (text) =>
  String(text).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** Text with `code` spans, escaped. */
const prose = (text) => (text ? escape(text).replace(/`([^`]+)`/g, "<code>$1</code>") : "");

const slug = (text) => text.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-|-$/g, "");
const refName = (ref) => ref.split("/").at(-1);
const schemaLink = (name) => `<a href="#schema-${slug(name)}"><code>${escape(name)}</code></a>`;

/** A schema's type in one line: a link for a named schema, `array of …`, a union with |. */
function typeOf(schema) {
  if (!schema || typeof schema !== "object") return "any";
  if (schema.$ref) return schemaLink(refName(schema.$ref));
  if (schema.const !== undefined) return `<code>${escape(JSON.stringify(schema.const))}</code>`;
  if (schema.enum) return schema.enum.map((value) => `<code>${escape(JSON.stringify(value))}</code>`).join(" | ");
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.map(typeOf).join(" | ");
  if (schema.type === "array") return `array of ${typeOf(schema.items)}`;
  if (schema.type === "object" && !schema.properties && schema.additionalProperties)
    return `map of ${typeOf(schema.additionalProperties)}`;
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  return escape(schema.type ?? "any");
}

/** What a schema demands besides its type (pattern, range, length, format). */
function constraints(schema) {
  if (!schema || typeof schema !== "object") return "";
  const parts = [];
  if (schema.format) parts.push(`format ${schema.format}`);
  if (schema.pattern) parts.push(`pattern <code>${escape(schema.pattern)}</code>`);
  if (schema.minimum !== undefined && schema.minimum > -9007199254740991) parts.push(`≥ ${schema.minimum}`);
  if (schema.maximum !== undefined && schema.maximum < 9007199254740991) parts.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined) parts.push(`at least ${schema.minLength} characters`);
  if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
  if (schema.minItems !== undefined) parts.push(`at least ${schema.minItems} items`);
  if (schema.maxItems !== undefined) parts.push(`at most ${schema.maxItems} items`);
  if (schema.default !== undefined) parts.push(`default <code>${escape(JSON.stringify(schema.default))}</code>`);
  return parts.join(", ");
}

/** The fields of an object schema as rows (nested objects indented under their field). */
function fieldRows(schema, depth = 0) {
  if (!schema?.properties) return "";
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties)
    .map(([name, property]) => {
      const nullable = property.anyOf?.some((s) => s.type === "null");
      const inner = nullable ? property.anyOf.find((s) => s.type !== "null") : property;
      const nested = inner?.type === "object" && inner.properties ? fieldRows(inner, depth + 1) : "";
      const items = inner?.type === "array" && inner.items?.properties ? fieldRows(inner.items, depth + 1) : "";
      return (
        `<tr><td class="depth-${Math.min(depth, 4)}"><code>${escape(name)}</code>${required.has(name) ? "" : ' <span class="optional">optional</span>'}</td>` +
        `<td>${typeOf(property)}</td><td>${prose(property.description ?? inner?.description)}${constraints(inner) ? ` <span class="rule">${constraints(inner)}</span>` : ""}</td></tr>` +
        nested +
        items
      );
    })
    .join("");
}

function schemaBlock(schema) {
  if (!schema) return "";
  if (schema.$ref || !schema.properties)
    return `<p>${typeOf(schema)}${constraints(schema) ? ` — ${constraints(schema)}` : ""}</p>`;
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Meaning</th></tr></thead><tbody>${fieldRows(schema)}</tbody></table>`;
}

function parametersBlock(parameters = []) {
  if (!parameters.length) return "";
  const rows = parameters
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code>${p.required ? "" : ' <span class="optional">optional</span>'}</td><td>${escape(p.in)}</td><td>${typeOf(p.schema)}</td><td>${prose(p.description)}${constraints(p.schema) ? ` <span class="rule">${constraints(p.schema)}</span>` : ""}</td></tr>`,
    )
    .join("");
  return `<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Meaning</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function bodyBlock(requestBody) {
  if (!requestBody) return "";
  const [type, media] = Object.entries(requestBody.content)[0];
  const others = Object.keys(requestBody.content).slice(1);
  const example = media.example === undefined ? "" : `<pre>${escape(JSON.stringify(media.example, null, 2))}</pre>`;
  return `<h4>Request body <span class="media">${escape([type, ...others].join(", "))}</span></h4>${prose(requestBody.description)}${schemaBlock(media.schema)}${example}`;
}

function responsesBlock(responses) {
  const rows = Object.entries(responses)
    .map(([status, response]) => {
      const content = Object.entries(response.content ?? {})[0];
      return `<tr><td class="status status-${status[0]}">${escape(status)}</td><td>${prose(response.description)}</td><td>${content ? `${typeOf(content[1].schema)} <span class="media">${escape(content[0])}</span>` : "no body"}</td></tr>`;
    })
    .join("");
  return `<h4>Answers</h4><table><thead><tr><th>Status</th><th>Meaning</th><th>Body</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function securityLine(security, schemes) {
  if (!security?.length) return `<p class="auth">Public: no credentials.</p>`;
  const ways = security.map((way) =>
    Object.keys(way)
      .map((name) => `<a href="#auth-${slug(name)}">${escape(name)}</a>`)
      .join(" + "),
  );
  void schemes;
  return `<p class="auth">Authentication: ${ways.join(" or ")}.</p>`;
}

function operationSection(method, path, op, schemes) {
  return `<section class="operation" id="${slug(op.operationId)}">
<h3><span class="method method-${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>
<p class="summary">${prose(op.summary)}</p>
${op.description ? `<p>${prose(op.description)}</p>` : ""}
${securityLine(op.security, schemes)}
${parametersBlock(op.parameters)}
${bodyBlock(op.requestBody)}
${responsesBlock(op.responses)}
</section>`;
}

/** The page and its stylesheet: `{ "index.html": string, "reference.css": string }`. */
export function renderReference(document) {
  const schemes = document.components.securitySchemes ?? {};
  const byTag = new Map(document.tags.map((tag) => [tag.name, []]));
  for (const [path, item] of Object.entries(document.paths))
    for (const method of METHODS) if (item[method]) byTag.get(item[method].tags[0])?.push([method, path, item[method]]);
  const nav = [...byTag.entries()]
    .filter(([name, ops]) => ops.length || name === "Webhooks")
    .map(([name]) => `<li><a href="#tag-${slug(name)}">${escape(name)}</a></li>`)
    .join("");
  const areas = [...byTag.entries()]
    .filter(([, ops]) => ops.length)
    .map(
      ([name, ops]) =>
        `<section id="tag-${slug(name)}"><h2>${escape(name)}</h2><p>${prose(document.tags.find((t) => t.name === name)?.description)}</p>${ops.map(([method, path, op]) => operationSection(method, path, op, schemes)).join("\n")}</section>`,
    )
    .join("\n");
  const webhooks = Object.entries(document.webhooks ?? {})
    .map(([type, item]) => {
      const op = item.post;
      const schema = op.requestBody.content["application/json"].schema;
      return `<section class="operation" id="${slug(op.operationId)}"><h3><span class="method method-post">POST</span> <code>${escape(type)}</code></h3><p>${prose(op.description)}</p>${parametersBlock(op.parameters)}<h4>Body</h4><p>${typeOf(schema)}</p></section>`;
    })
    .join("\n");
  const auth = Object.entries(schemes)
    .map(
      ([name, scheme]) =>
        `<dt id="auth-${slug(name)}"><code>${escape(name)}</code></dt><dd>${escape(scheme.type === "http" ? `HTTP ${scheme.scheme}` : `${scheme.name} (${scheme.in})`)}: ${prose(scheme.description)}</dd>`,
    )
    .join("");
  const schemas = Object.entries(document.components.schemas)
    .map(
      ([name, schema]) =>
        `<section class="schema" id="schema-${slug(name)}"><h3><code>${escape(name)}</code></h3><p>${prose(schema.description)}</p>${schemaBlock(schema.anyOf ? { ...schema, properties: undefined } : schema)}</section>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)} — API reference ${escape(document.info.version)}</title>
<link rel="stylesheet" href="reference.css">
</head>
<body>
<header>
<h1>${escape(document.info.title)} <span class="version">${escape(document.info.version)}</span></h1>
<p>${prose(document.info.description)}</p>
<p>The OpenAPI 3.1 document: <a href="/api/openapi.json"><code>/api/openapi.json</code></a>.</p>
</header>
<nav><ul>${nav}<li><a href="#authentication">Authentication</a></li><li><a href="#schemas">Schemas</a></li></ul></nav>
<main>
<section id="authentication"><h2>Authentication</h2><dl>${auth}</dl></section>
${areas}
<section id="tag-Webhooks"><h2>Webhooks</h2><p>${prose(document.tags.find((t) => t.name === "Webhooks")?.description)}</p>${webhooks}</section>
<section id="schemas"><h2>Schemas</h2>${schemas}</section>
</main>
</body>
</html>
`;
  return { "index.html": html, "reference.css": CSS };
}

const CSS = `:root { color-scheme: light dark; --fg: #1b1f24; --bg: #fff; --muted: #5b636d; --line: #d8dde3; --code: #f3f5f7; --accent: #0b5fd7; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e9ed; --bg: #14171b; --muted: #a2abb5; --line: #2e343b; --code: #1f2429; --accent: #6aa6ff; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header, main { max-width: 72rem; margin: 0 auto; padding: 1rem 1.25rem; }
nav { position: sticky; top: 0; background: var(--bg); border-bottom: 1px solid var(--line); z-index: 1; }
nav ul { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; max-width: 72rem; margin: 0 auto; padding: 0.5rem 1.25rem; list-style: none; }
a { color: var(--accent); }
code, pre { font-family: ui-monospace, monospace; font-size: 0.9em; background: var(--code); border-radius: 4px; }
code { padding: 0.05em 0.3em; }
pre { padding: 0.75rem; overflow-x: auto; }
h1 .version { font-size: 0.6em; color: var(--muted); }
h2 { margin-top: 2.5rem; border-bottom: 2px solid var(--line); }
.operation, .schema { border: 1px solid var(--line); border-radius: 8px; padding: 0 1rem 1rem; margin: 1rem 0; scroll-margin-top: 6rem; }
h3 { overflow-wrap: anywhere; }
.method { display: inline-block; min-width: 4.2em; padding: 0.1em 0.4em; border-radius: 4px; font-size: 0.8em; text-align: center; color: #fff; background: #4b5563; }
.method-get { background: #1d6f42; } .method-post { background: #0b5fd7; } .method-put, .method-patch { background: #9a5b00; } .method-delete { background: #b42318; }
.summary { font-weight: 600; }
.auth, .media, .optional, .rule { color: var(--muted); }
.optional, .media, .rule { font-size: 0.85em; }
table { width: 100%; border-collapse: collapse; display: block; overflow-x: auto; }
th, td { text-align: left; vertical-align: top; padding: 0.35rem 0.5rem; border-bottom: 1px solid var(--line); }
.depth-1 { padding-left: 1.5rem; } .depth-2 { padding-left: 2.5rem; } .depth-3 { padding-left: 3.5rem; } .depth-4 { padding-left: 4.5rem; }
.status { font-weight: 600; white-space: nowrap; } .status-2 { color: #1d6f42; } .status-4, .status-5 { color: #b42318; }
@media (prefers-color-scheme: dark) { .status-2 { color: #5fd08c; } .status-4, .status-5 { color: #ff8a80; } }
dt { margin-top: 0.5rem; }
`;
