/**
 * The dashboard's API client (routes and answers: worker/checkout/dashboard-wire.ts). The session
 * lives in an HttpOnly cookie the browser sends by itself; the CSRF token the session answer
 * carries stays in this object's memory only (never in localStorage or sessionStorage) and goes
 * with every write as `X-CSRF-Token`. Every failure becomes a DeskApiError that says its cause and
 * its fix (strings.ts), with the Worker's own message when it sent one.
 */
import type {
  LedgerPaymentList,
  RefundLinkCreated,
  RefundList,
  RefundPayoutLimits,
  RefundView,
} from "../worker/checkout/backend-wire.js";
import type {
  DeskOverview,
  DeskRefundApproval,
  DeskRefundCreate,
  DeskPaymentDetail,
  DeskPing,
  DeskSession,
  DeskSettings,
  DeskSettingsPatch,
  DeskWebhooks,
} from "../worker/checkout/dashboard-wire.js";
import type { ErrorBody, FieldError } from "../worker/checkout/wire.js";
import type { PaymentLinkList, PaymentLinkView } from "../worker/checkout/link-wire.js";
import type { LinkCreateBody } from "./link-form.js";
import { t } from "./strings.js";
export type FailureKind = "network" | "unauthorized" | "forbidden" | "notFound" | "server" | "invalid";

export class DeskApiError extends Error {
  override readonly name = "DeskApiError";
  constructor(
    readonly kind: FailureKind,
    readonly status: number,
    /** The Worker's message (cause and fix for a developer), when it sent one. */
    readonly serverMessage: string | null = null,
    readonly fields: FieldError[] = [],
    readonly requestId: string | null = null,
    /** The Worker's error code, and the extra fields some codes carry (refusal, remaining, problem). */
    readonly code: string | null = null,
    readonly extra: Readonly<Record<string, string>> = {},
  ) {
    super(`${t.errors[kind].cause} ${serverMessage ?? ""}`.trim());
  }
}

/** What kind of failure an HTTP status is. */
export function failureKind(status: number): FailureKind {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "notFound";
  if (status >= 500) return "server";
  return "invalid";
}

/** What a page shows while its data loads, when it failed, and once it is there. */
export type Load<T> = { status: "loading" } | { status: "error"; error: DeskApiError } | { status: "ready"; data: T };

export class DeskApi {
  /** The session's CSRF token, set by session() and signIn(). */
  csrfToken: string | null = null;

  constructor(
    readonly base = "/dashboard/api",
    private readonly fetchFn: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  private shopPath(shop: string, path: string): string {
    return `${this.base}/shops/${encodeURIComponent(shop)}${path}`;
  }

  protected async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (method !== "GET" && this.csrfToken) headers["x-csrf-token"] = this.csrfToken;
    let response: Response;
    try {
      response = await this.fetchFn(path, {
        method,
        headers,
        credentials: "same-origin",
        body: body === undefined ? null : JSON.stringify(body),
      });
    } catch {
      throw new DeskApiError("network", 0);
    }
    const requestId = response.headers.get("x-request-id");
    if (!response.ok) {
      let error: ErrorBody["error"] | undefined;
      try {
        error = ((await response.json()) as ErrorBody).error;
      } catch {
        // Not the Worker's JSON error (a proxy's page): the status says enough.
      }
      const extra: Record<string, string> = {};
      for (const key of ["refusal", "remaining", "problem"] as const) {
        const value = (error as Record<string, unknown> | undefined)?.[key];
        if (typeof value === "string") extra[key] = value;
      }
      throw new DeskApiError(
        failureKind(response.status),
        response.status,
        error?.message ?? null,
        error?.fields ?? [],
        requestId,
        error?.code ?? null,
        extra,
      );
    }
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  async session(): Promise<DeskSession> {
    const session = await this.request<DeskSession>("GET", `${this.base}/session`);
    this.csrfToken = session.csrfToken;
    return session;
  }

  /** Turns a sign-in link's token into a session (the answer sets the cookie). */
  async signIn(token: string): Promise<DeskSession> {
    const session = await this.request<DeskSession>("POST", `${this.base}/session`, { token });
    this.csrfToken = session.csrfToken;
    return session;
  }

  async signOut(): Promise<void> {
    await this.request<unknown>("DELETE", `${this.base}/session`);
    this.csrfToken = null;
  }

  overview(shop: string, days = 30): Promise<DeskOverview> {
    return this.request("GET", this.shopPath(shop, `/overview?days=${days}`));
  }

  payments(shop: string, query: URLSearchParams): Promise<LedgerPaymentList> {
    const search = query.size ? `?${query}` : "";
    return this.request("GET", this.shopPath(shop, `/payments${search}`));
  }

  /** The CSV export's URL (a plain link: the browser downloads it with the session cookie). */
  csvUrl(shop: string, query: URLSearchParams): string {
    const search = query.size ? `?${query}` : "";
    return this.shopPath(shop, `/payments.csv${search}`);
  }

  paymentUrl(shop: string, paymentId: string): string {
    return this.shopPath(shop, `/payments/${encodeURIComponent(paymentId)}`);
  }

  payment(shop: string, paymentId: string): Promise<DeskPaymentDetail> {
    return this.request("GET", this.paymentUrl(shop, paymentId));
  }

  /** A payment's refunds: the calls of the refunds section (dashboard/pages/refunds.ts). */
  refunds(shop: string, paymentId: string): RefundCalls {
    const base = this.shopPath(shop, `/payments/${encodeURIComponent(paymentId)}/refunds`);
    const one = (refundId: string, action = "") => `${base}/${encodeURIComponent(refundId)}${action}`;
    return {
      key: `${shop}/${paymentId}`,
      list: () => this.request("GET", base),
      create: (body) => this.request("POST", base, body),
      approve: (refundId, body) => this.request("POST", one(refundId, "/approve"), body),
      cancel: (refundId) => this.request("POST", one(refundId, "/cancel"), {}),
      link: (refundId) => this.request("POST", one(refundId, "/link"), {}),
      limits: (refundId) => this.request("GET", one(refundId, "/payout-limits")),
    };
  }

  async redeliver(shop: string, eventId: string): Promise<void> {
    await this.request("POST", this.shopPath(shop, `/events/${encodeURIComponent(eventId)}/redeliver`), {});
  }

  links(shop: string): Promise<PaymentLinkList> {
    return this.request("GET", this.shopPath(shop, "/links"));
  }

  /** A shop's link actions: the Links page's create and disable (dashboard/pages/links.ts). */
  linkCalls(shop: string): LinkCalls {
    const base = this.shopPath(shop, "/links");
    return {
      create: (body) => this.request("POST", base, body),
      disable: (linkId) => this.request("POST", `${base}/${encodeURIComponent(linkId)}/disable`, {}),
    };
  }

  webhooks(shop: string): Promise<DeskWebhooks> {
    return this.request("GET", this.shopPath(shop, "/webhooks"));
  }

  ping(shop: string): Promise<DeskPing> {
    return this.request("POST", this.shopPath(shop, "/webhooks/ping"), {});
  }

  settings(shop: string): Promise<DeskSettings> {
    return this.request("GET", this.shopPath(shop, "/settings"));
  }

  saveSettings(
    shop: string,
    patch: DeskSettingsPatch,
  ): Promise<DeskSettings & { newSecrets?: Record<string, string> }> {
    return this.request("PATCH", this.shopPath(shop, "/settings"), patch);
  }
}

/** The calls of one payment's refunds; `key` names the payment (a new key is another payment). */
export interface RefundCalls {
  key: string;
  list(): Promise<RefundList>;
  create(body: DeskRefundCreate): Promise<RefundView>;
  approve(refundId: string, body: DeskRefundApproval): Promise<RefundView>;
  cancel(refundId: string): Promise<RefundView>;
  link(refundId: string): Promise<RefundLinkCreated>;
  /** The payment service's payout limits for the refund's payout, read now. */
  limits(refundId: string): Promise<RefundPayoutLimits>;
}

/** What the Links page does with a shop's links. */
export interface LinkCalls {
  create(body: LinkCreateBody): Promise<PaymentLinkView>;
  disable(linkId: string): Promise<PaymentLinkView>;
}
