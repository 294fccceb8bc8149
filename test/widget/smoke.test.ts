import { expect } from "@open-wc/testing";

describe("chromium", () => {
  it("runs tests in a real browser", () => {
    expect(typeof customElements.define).to.equal("function");
  });
});
