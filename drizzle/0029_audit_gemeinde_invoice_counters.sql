CREATE TABLE "invoice_counters" (
	"gemeinde_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_gemeinde_id_year_pk" PRIMARY KEY("gemeinde_id","year")
);
--> statement-breakpoint
ALTER TABLE "staff_audit" ADD COLUMN "gemeinde_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_gemeinde_id_gemeinden_id_fk" FOREIGN KEY ("gemeinde_id") REFERENCES "public"."gemeinden"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_audit" ADD CONSTRAINT "staff_audit_gemeinde_id_gemeinden_id_fk" FOREIGN KEY ("gemeinde_id") REFERENCES "public"."gemeinden"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_audit_gemeinde_at_idx" ON "staff_audit" USING btree ("gemeinde_id","at");--> statement-breakpoint
-- The municipality an audit entry concerns, by its subject as the tables say now: a landlord's,
-- its objects' and (when all its landlords are of one) its accounts', a staff account's, a zone's,
-- season's, tariff's or guest field's. The office writes it with every entry (lib/office/audit);
-- null when the subject belongs to no single municipality.
CREATE FUNCTION staff_audit_gemeinde(subject text) RETURNS integer LANGUAGE sql STABLE AS $$
  WITH s AS (
    SELECT split_part(subject, ':', 1) AS kind, substr(subject, strpos(subject, ':') + 1) AS ref
  ), k AS (
    SELECT kind, ref, CASE WHEN ref ~ '^[0-9]{1,9}$' THEN ref::integer END AS id FROM s
  )
  SELECT CASE k.kind
    WHEN 'beherberger' THEN (SELECT b.gemeinde_id FROM beherberger b WHERE b.id = k.id)
    WHEN 'objekt' THEN (
      SELECT b.gemeinde_id FROM objekte o JOIN beherberger b ON b.id = o.beherberger_id
      WHERE o.id = k.id)
    WHEN 'user' THEN (
      SELECT CASE WHEN count(DISTINCT b.gemeinde_id) = 1 THEN min(b.gemeinde_id) END
      FROM users u
      JOIN user_beherberger ub ON ub.user_id = u.id
      JOIN beherberger b ON b.id = ub.beherberger_id
      -- Entries written before 0029 named some accounts by user name.
      WHERE u.id = k.id OR (k.id IS NULL AND lower(u.username) = lower(k.ref)))
    WHEN 'staff' THEN (SELECT a.gemeinde_id FROM staff_accounts a WHERE a.id = k.id)
    WHEN 'tarifzone' THEN (SELECT z.gemeinde_id FROM tarifzonen z WHERE z.id = k.id)
    WHEN 'saison' THEN (SELECT z.gemeinde_id FROM saisonzeiten z WHERE z.id = k.id)
    WHEN 'tarif' THEN (SELECT t.gemeinde_id FROM tarife t WHERE t.id = k.id)
    WHEN 'field' THEN (SELECT f.gemeinde_id FROM meldeschein_fields f WHERE f.id = k.id)
  END
  FROM k
$$;
--> statement-breakpoint
-- Backfill, as true as the data allows. A staff account's municipality at an entry's time is the
-- `before` of its first later move (moves are audited: staff.update with `gemeinde`), else today's.
CREATE FUNCTION staff_gemeinde_at_0029(staff integer, entry bigint) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN mv.id IS NULL
    THEN (SELECT a.gemeinde_id FROM staff_accounts a WHERE a.id = staff)
    ELSE (mv.details ->> 'before')::integer END
  FROM (SELECT 1) one
  LEFT JOIN LATERAL (
    SELECT m.id, m.details FROM staff_audit m
    WHERE m.subject = 'staff:' || staff AND m.action = 'staff.update'
      AND m.details ? 'gemeinde' AND m.id > entry
    ORDER BY m.id LIMIT 1
  ) mv ON true
$$;
--> statement-breakpoint
-- 1. Landlords, objects, zones, seasons, tariffs and fields keep their municipality: exact. An
--    account's landlords may have changed since: today's.
UPDATE staff_audit SET gemeinde_id = staff_audit_gemeinde(subject);
--> statement-breakpoint
-- 2. Staff accounts: their municipality at the time of the entry.
UPDATE staff_audit a
SET gemeinde_id = staff_gemeinde_at_0029(split_part(a.subject, ':', 2)::integer, a.id)
WHERE a.subject ~ '^staff:[0-9]{1,9}$';
--> statement-breakpoint
-- 3. A deleted zone, season, tariff or field: the municipality its creation's entry named.
UPDATE staff_audit a
SET gemeinde_id = (
  SELECT (c.details ->> 'gemeindeId')::integer FROM staff_audit c
  WHERE c.subject = a.subject AND c.details ? 'gemeindeId' ORDER BY c.id LIMIT 1)
WHERE a.gemeinde_id IS NULL AND split_part(a.subject, ':', 1) IN ('tarifzone', 'saison', 'tarif', 'field');
--> statement-breakpoint
-- 4. A billing: the municipality of the forms its invoice was given to (none alone when an
--    unbound account billed forms of two municipalities on one invoice).
UPDATE staff_audit a
SET gemeinde_id = f.g
FROM (
  SELECT m.invoice,
    CASE WHEN count(DISTINCT m.gemeinde_id) = 1 THEN min(m.gemeinde_id) END AS g
  FROM meldescheine m WHERE m.invoice IS NOT NULL GROUP BY m.invoice
) f
WHERE a.action = 'billing.mark_billed' AND f.invoice = a.details ->> 'invoice';
--> statement-breakpoint
-- 5. What is left and was done by a staff account bound to a municipality at the time concerned
--    that municipality: a bound account can change nothing else.
UPDATE staff_audit a
SET gemeinde_id = staff_gemeinde_at_0029(a.staff_id, a.id)
WHERE a.gemeinde_id IS NULL AND a.staff_id IS NOT NULL AND a.action <> 'billing.mark_billed';
--> statement-breakpoint
DROP FUNCTION staff_gemeinde_at_0029(integer, bigint);
