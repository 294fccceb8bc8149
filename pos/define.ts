/** Registers the point of sale's element (the page's entry imports this; tests import it too). */
import { PosApp } from "./pos-app.js";

if (!customElements.get("pos-app")) customElements.define("pos-app", PosApp);
