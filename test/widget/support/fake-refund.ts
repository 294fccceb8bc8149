/**
 * A stubbed checkout Worker's refund-link routes inside the page (worker/checkout/refund-wire.ts):
 * `fetch` is replaced for the duration of a test. Tests put refund links on it, make a route answer
 * an error or fail at the network level, and read what the element asked for.
 */
import type { RefundAddressSubmission, RefundLinkView } from "../../../worker/checkout/refund-wire.js";
import type { ErrorCode } from "../../../worker/checkout/wire.js";
import { errorBody, ENDPOINT, jsonResponse, readRequest } from "./fake-checkout.js";
import type { RecordedRequest } from "./fake-checkout.js";

export const REFUND_SHOP = "demo-open";
export const TOKEN = "rl_token_1";

/** A BTC refund link awaiting the customer's address (mainnet), as the Worker answers it. */
export const BTC_LINK: RefundLinkView = {
  refundId: "rf_1",
  shopName: "Northwind Coffee",
  amount: "0.0005",
  currency: "BTC",
  priceAmount: "25.00",
  priceCurrency: "EUR",
  network: "mainnet",
  rule: "bitcoin-like",
  state: "awaiting_address",
  expiresAt: "2030-01-01T00:00:00Z",
};

export const VECTORS = {
  /** BIP-173's P2WPKH example. */
  bech32: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
  /** The same with its last character changed: a typo its checksum catches. */
  bech32Typo: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5",
  /** A valid testnet address (BIP-173), given for a mainnet refund. */
  testnet: "tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7",
  /** EIP-55's example, and the same with one letter's case changed. */
  eip55: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  eip55WrongCase: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD",
} as const;

/** What a route answers instead of its default: a status and body, or a network failure. */
export type Answer = { status: number; body: unknown } | "network-down";

export const refusal = (code: ErrorCode, status: number, message = "refused"): Answer => ({
  status,
  body: errorBody(code, message),
});

export class FakeRefundWorker {
  links = new Map<string, RefundLinkView>();
  requests: RecordedRequest[] = [];
  /** The next answers of GET, then of POST, taken one per request before the default. */
  getAnswers: Answer[] = [];
  postAnswers: Answer[] = [];
  /** While set, a GET (or a POST) is answered only once it resolves (its step stays on screen). */
  getGate: Promise<void> | undefined;
  postGate: Promise<void> | undefined;
  #saved: { win: Window & typeof globalThis; fetch: typeof fetch } | undefined;

  constructor(link: RefundLinkView = BTC_LINK, token = TOKEN) {
    this.links.set(token, link);
  }

  install(win: Window & typeof globalThis = window): this {
    this.#saved = { win, fetch: win.fetch };
    win.fetch = (input, init) => this.fetch(input, init);
    return this;
  }

  restore(): void {
    if (!this.#saved) return;
    this.#saved.win.fetch = this.#saved.fetch;
    this.#saved = undefined;
  }

  async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const { request, url, text, record } = await readRequest(input, init);
    this.requests.push(record);
    if (url.origin !== ENDPOINT) throw new TypeError("Failed to fetch");
    const json = jsonResponse;
    const [api, shops, shop, links, token, address] = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    if (api !== "api" || shops !== "shops" || links !== "refund-links" || !token)
      return json(404, errorBody("not_found", "No such route."));
    const post = request.method === "POST" && address === "address";
    await (post ? this.postGate : this.getGate);
    const answer = (post ? this.postAnswers : this.getAnswers).shift();
    if (answer === "network-down") throw new TypeError("Failed to fetch");
    if (answer) return json(answer.status, answer.body);
    const link = shop === REFUND_SHOP ? this.links.get(token) : undefined;
    if (!link) return json(404, errorBody("refund_link_invalid", "No such refund link."));
    if (request.method === "GET" && !address) return json(200, link);
    if (!post) return json(405, errorBody("method_not_allowed", "Not allowed."));
    if (link.state !== "awaiting_address") return json(409, errorBody("refund_link_used", "Already given."));
    const submission = JSON.parse(text) as RefundAddressSubmission;
    const received: RefundLinkView = { ...link, state: "address_received", address: submission.address };
    this.links.set(token, received);
    return json(200, received);
  }

  get posts(): RecordedRequest[] {
    return this.requests.filter((r) => r.method === "POST");
  }
}
