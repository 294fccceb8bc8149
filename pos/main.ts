/** The point of sale's entry (index.html loads the bundle of this module): `<pos-app>` in the page starts. */
import "./define.js";
