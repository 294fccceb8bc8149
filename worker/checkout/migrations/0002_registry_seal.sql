-- What binds a registry row's sealed secrets to the rest of the row (secret-envelope.ts, v2): each
-- write that seals a shop's secrets draws a new seal id, stored in the row and in that write's
-- audit entry. The envelope's authenticated data names the shop id, its environment, a digest of
-- its settings and the seal id, so settings edited outside the admin API, or secrets copied from
-- another row, no longer open; and a row whose seal id is not the one of its latest sealing audit
-- entry (an older copy of the row restored) is refused.
ALTER TABLE shops ADD COLUMN seal_id TEXT;
ALTER TABLE audit_log ADD COLUMN seal_id TEXT;
CREATE INDEX audit_log_seal ON audit_log (shop_id, id) WHERE seal_id IS NOT NULL;
