/**
 * Registers <crypto-checkout> once: a second copy of the script on the page is harmless, and so is
 * an app that registered the class under a name of its own already (a class takes one name).
 */
import { CryptoCheckout } from "./element/crypto-checkout.js";

// getName is missing in browsers from before 2023: there the name alone is checked.
const registered = customElements.get("crypto-checkout") ?? customElements.getName?.(CryptoCheckout);
if (!registered) customElements.define("crypto-checkout", CryptoCheckout);

export { CryptoCheckout };
