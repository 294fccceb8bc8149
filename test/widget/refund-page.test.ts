/**
 * The refund page's setup (refund-page/src/page-setup.ts): the shop from the path, the token from
 * the fragment, the endpoint the page's origin, the language the browser's.
 */
import { expect } from "@open-wc/testing";
import { pageSetup } from "../../refund-page/src/page-setup.js";

describe("refund page setup", () => {
  it("reads the shop from the path and the token from the fragment; the endpoint is the page's origin", () => {
    expect(pageSetup("https://pay.example", "/refund/demo-open/", "#rl_abc-123", ["en-US"])).to.deep.equal({
      attributes: { endpoint: "https://pay.example", shop: "demo-open", "refund-token": "rl_abc-123", locale: "en-US" },
      language: "en",
    });
  });

  it("takes the browser's first language the element has a catalog for", () => {
    expect(pageSetup("https://pay.example", "/refund/acme/", "#t", ["xx", "fa-IR", "de"])).to.deep.include({
      language: "fa",
    });
    expect(pageSetup("https://pay.example", "/refund/acme/", "#t", ["zh-HK"]).language).to.equal("zh-TW");
    expect(pageSetup("https://pay.example", "/refund/acme/", "#t", []).language).to.equal("en");
  });

  it("gives an empty shop or token when the link lacks them (the element then shows an invalid link)", () => {
    expect(pageSetup("https://pay.example", "/refund/", "", ["en"]).attributes).to.include({
      shop: "",
      "refund-token": "",
    });
    expect(pageSetup("https://pay.example", "/refund/acme/x/", "#%E0%A4%A", ["en"]).attributes).to.include({
      shop: "",
      "refund-token": "%E0%A4%A",
    });
  });
});
