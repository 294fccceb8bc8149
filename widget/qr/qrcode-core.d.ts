// qrcode's encoder alone (lib/core/qrcode.js), without the canvas and SVG renderers of its main
// entry: the element draws the modules itself. Same `create` as the package's typed main entry.
declare module "qrcode/lib/core/qrcode.js" {
  export { create } from "qrcode";
}
