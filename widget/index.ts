/**
 * Entry of widget.js and of the npm package: registers <crypto-checkout> (once, define.ts) and
 * exports what class.ts exports, the class and its types, for integrators.
 */
import "./define.js";

export * from "./class.js";
