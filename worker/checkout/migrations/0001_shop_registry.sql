-- The shop registry (worker/checkout/shops/registry-store.ts): shops added through the admin API
-- (/admin/shops), their secrets sealed under the master key (secret-envelope.ts), and every
-- change in the audit log. Applied with `wrangler d1 migrations apply DB` (`--local` for
-- `wrangler dev`; `npm run demo` and the tests apply it themselves).

-- One row, bumped by every change of a shop: an isolate's cache (registry-cache.ts) asks only
-- this number to know whether anything it holds is out of date.
CREATE TABLE registry_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO registry_version (id, version) VALUES (1, 0);

CREATE TABLE shops (
  id TEXT PRIMARY KEY,
  environment TEXT NOT NULL CHECK (environment IN ('sandbox', 'production')),
  status TEXT NOT NULL CHECK (status IN ('active', 'disabled')),
  -- The shop without its secrets (JSON, as the shop schema outputs it).
  settings TEXT NOT NULL,
  -- Its secrets, sealed: v1.<key id>.<iv>.<ciphertext> (never a plaintext value).
  secrets TEXT NOT NULL,
  -- The master key that sealed them (the key id of `secrets`), for rotation.
  key_id TEXT NOT NULL,
  -- registry_version of the shop's last change.
  version INTEGER NOT NULL,
  -- The write that made this row; the other statements of that write's batch check it.
  change_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX shops_key_id ON shops (key_id);
CREATE INDEX shops_environment ON shops (environment);

-- Who changed what, and when. Secrets appear only as "set", "replaced" or "removed".
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  shop_id TEXT,
  changes TEXT NOT NULL,
  request_id TEXT
);
CREATE INDEX audit_log_shop ON audit_log (shop_id, id);
