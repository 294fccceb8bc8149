/**
 * The admin API's answers (admin-api.ts), shared with the merchant console's `shops` commands
 * (cli/commands/shops.ts). No type here holds a secret value: a shop's secrets are named by field.
 */
import type { ShopData } from "./shop-schema.js";

/** A registry shop as the admin API shows it. */
export interface ShopRecord {
  shop: ShopData;
  status: "active" | "disabled";
  /** The registry version of its last change. */
  version: number;
  /** The master key its secrets are sealed under. */
  keyId: string;
  /** Which secrets it has (`secrets.apiKeySecret`, `webhooks.0.secret`...), never their values; absent in lists. */
  secrets?: string[];
  createdAt: string;
  updatedAt: string;
}

/** GET /admin/shops. */
export interface ShopPage {
  shops: ShopRecord[];
  /** The cursor of the next page, or null after the last one. */
  next: string | null;
}

/** POST /admin/keys/rewrap. */
export interface RewrapResult {
  currentKeyId: string;
  rewrapped: number;
  /** Shops whose secrets open under no key of SHOP_MASTER_KEYS (left as they are, logged). */
  unreadable: string[];
  /** Where the next call goes on, or null when every shop has been looked at. */
  next: string | null;
  /** How many shops each master key seals now. */
  shopsByKey: Record<string, number>;
}

/** GET /admin/keys. */
export interface KeyStatus {
  currentKeyId: string;
  keyIds: string[];
  shopsByKey: Record<string, number>;
}

/** One entry of GET /admin/audit. */
export interface AuditEntryView {
  id: number;
  at: string;
  actor: string;
  action: string;
  shop: string | null;
  changes: unknown;
  requestId: string | null;
}
