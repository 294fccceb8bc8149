// custom-elements.json for <crypto-checkout>: attributes, properties, events, parts and CSS
// properties read from the class and its JSDoc (@fires, @csspart, @cssprop).

/** Lit's internal reactive state (`state: true`, names starting with "_") is no public API. */
function dropInternalState() {
  return {
    name: "drop-internal-state",
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        for (const declaration of mod.declarations ?? []) {
          declaration.attributes = declaration.attributes?.filter((a) => !a.name.startsWith("_"));
          declaration.members = declaration.members?.filter(
            (m) => !m.name.startsWith("_") && !m.name.startsWith("#") && m.privacy !== "private",
          );
        }
      }
    },
  };
}

export default {
  globs: ["widget/element/crypto-checkout.ts", "widget/define.ts", "widget/index.ts"],
  outdir: ".",
  litelement: true,
  plugins: [dropInternalState()],
};
