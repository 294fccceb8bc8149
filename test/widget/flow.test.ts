import { expect } from "@open-wc/testing";
import { FakeCheckout } from "./support/fake-checkout.js";
import { OPEN_SHOP, SIGNED_SHOP, VIEWS } from "./support/views.js";
import { $, mountWithPayment, part, textOf, unmountAll } from "./support/mount.js";

describe("checkout flow", () => {
  let server: FakeCheckout;
  beforeEach(() => {
    sessionStorage.clear();
    server = new FakeCheckout(OPEN_SHOP, SIGNED_SHOP).install();
  });
  afterEach(() => {
    unmountAll();
    server.restore();
  });

  it("loads the shop, creates the payment and renders a NEW payment", async () => {
    const el = await mountWithPayment();
    expect(server.requestsTo("GET", "/api/shops/demo-open")).to.have.length(1);
    const [create] = server.requestsTo("POST", "/payments");
    expect(create?.body).to.deep.equal({ orderId: "1001", transferCurrency: "BTC", priceAmount: "25.00", priceCurrency: "EUR" });
    expect(textOf(part(el, "amount"))).to.contain("0.00041234 BTC");
    expect(textOf(part(el, "address"))).to.contain("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
    expect(part(el, "qr")?.querySelector("svg")).to.be.instanceOf(SVGSVGElement);
    expect(part(el, "wallet-link")?.getAttribute("href")).to.equal(VIEWS.NEW.paymentUri?.replace("0.00041234&label=Demo%20shop", "0.00041234"));
    expect(textOf(part(el, "countdown"))).to.match(/^Time left 1[45]:\d\d$/);
    expect(textOf($(el, ".badge"))).to.contain("Test mode");
  });
});
