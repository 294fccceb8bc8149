/** Registers <crypto-checkout> once: a second copy of the script on the page is harmless. */
import { CryptoCheckout } from "./element/crypto-checkout.js";

if (!customElements.get("crypto-checkout")) customElements.define("crypto-checkout", CryptoCheckout);

export { CryptoCheckout };
