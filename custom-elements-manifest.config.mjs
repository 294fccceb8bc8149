// custom-elements.json for <crypto-checkout>: attributes, properties, events, parts and CSS
// properties read from the class and its JSDoc (@fires, @csspart, @cssprop).
export default {
  globs: ["widget/element/crypto-checkout.ts", "widget/define.ts", "widget/index.ts"],
  outdir: ".",
  litelement: true,
};
