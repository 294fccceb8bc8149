/** The dashboard's entry (index.html loads the bundle of this module): defines the elements; `<desk-app>` in the page starts. */
import "./define.js";
