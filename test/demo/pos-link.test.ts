/** The demo's link to the point of sale: the Worker's sign-in route for the shop the page shows. */
import { describe, expect, it } from "vitest";
import { posLinkHref } from "../../demo/src/pos-link.js";

describe("the demo's point-of-sale link", () => {
  it("asks the Worker for a fresh sign-in to the shop's point of sale", () => {
    expect(posLinkHref("demo-open")).toBe("/demo/api/pos-sign-in?shop=demo-open");
    expect(posLinkHref("demo-signed")).toBe("/demo/api/pos-sign-in?shop=demo-signed");
  });
});
