// The element package's README: the reference section (attributes, events, CSS parts, CSS custom
// properties) is generated from the element's custom elements manifest, so that it cannot drift
// from the element. scripts/build-package.mjs fills it in; the package test checks the result.

/** The line of packages/element/README.md that the reference replaces. */
export const REFERENCE_MARKER = "<!-- reference: generated from custom-elements.json by scripts/build-package.mjs -->";

/** A table cell: one line, pipes escaped. */
const cell = (text) => (text ?? "").replace(/\s+/g, " ").replace(/\|/g, "\\|").trim();

const table = (head, rows) =>
  [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ].join("\n");

/**
 * The README with its marker replaced by the reference of `declaration` (the element's entry in
 * custom-elements.json). Fails when the marker is missing or the element lacks a section.
 * @param {string} readme
 * @param {{attributes?: {name: string, fieldName?: string, type?: {text: string}, description?: string}[], events?: {name: string, description?: string}[], cssParts?: {name: string, description?: string}[], cssProperties?: {name: string, description?: string}[]}} declaration
 */
export function withReference(readme, declaration) {
  if (!readme.includes(REFERENCE_MARKER)) throw new Error(`packages/element/README.md: no line ${REFERENCE_MARKER}`);
  const { attributes = [], events = [], cssParts = [], cssProperties = [] } = declaration;
  for (const [name, list] of Object.entries({ attributes, events, cssParts, cssProperties }))
    if (list.length === 0) throw new Error(`custom-elements.json: the element has no ${name}`);
  const code = (text) => `\`${text}\``;
  const reference = [
    "### Attributes",
    "",
    table(
      ["Attribute", "Property", "Type", "Description"],
      attributes.map((a) => [
        code(a.name),
        a.fieldName ? code(a.fieldName) : "",
        a.type ? code(a.type.text) : "",
        a.description,
      ]),
    ),
    "",
    "### Events",
    "",
    "Each is a `CustomEvent` that bubbles and crosses the shadow root (`composed`).",
    "",
    table(
      ["Event", "Description"],
      events.map((e) => [code(e.name), e.description]),
    ),
    "",
    "### CSS parts",
    "",
    "Style them from the page with `crypto-checkout::part(name)`.",
    "",
    table(
      ["Part", "Description"],
      cssParts.map((p) => [code(p.name), p.description]),
    ),
    "",
    "### CSS custom properties",
    "",
    table(
      ["Property", "Description"],
      cssProperties.map((p) => [code(p.name), p.description]),
    ),
  ].join("\n");
  return readme.replace(REFERENCE_MARKER, reference);
}
