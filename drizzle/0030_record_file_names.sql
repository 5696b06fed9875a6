ALTER TABLE "portal_arrival_signers" ADD COLUMN "record_day" date;--> statement-breakpoint
ALTER TABLE "portal_arrival_signers" ADD COLUMN "record_no" integer;--> statement-breakpoint
ALTER TABLE "portal_arrivals" ADD COLUMN "beherberger_id" integer;--> statement-breakpoint
-- Hand-added backfill: the records confirmed before the file names were stored keep the names the
-- export gave them until now (per login and first day of stay, by form and the signer's place).
UPDATE "portal_arrival_signers" s SET "record_day" = n.arrival_date, "record_no" = n.no
FROM (
  SELECT s2.service_url, s2.username, s2.form_id, s2.guest_id, a.arrival_date,
    row_number() OVER (
      PARTITION BY a.service_url, a.username, a.arrival_date
      ORDER BY a.form_id,
        (SELECT (g->>'position')::int FROM jsonb_array_elements(a.party->'guests') g
          WHERE (g->>'id')::int = s2.guest_id),
        s2.guest_id
    ) AS no
  FROM "portal_arrival_signers" s2
  JOIN "portal_arrivals" a USING (service_url, username, form_id)
  WHERE s2.route IS NOT NULL AND s2.xml IS NOT NULL
) n
WHERE s.service_url = n.service_url AND s.username = n.username AND s.form_id = n.form_id
  AND s.guest_id = n.guest_id;
--> statement-breakpoint
ALTER TABLE "portal_arrival_signers" ADD CONSTRAINT "portal_arrival_signers_file" CHECK (("portal_arrival_signers"."record_day" is null) = ("portal_arrival_signers"."record_no" is null) and ("portal_arrival_signers"."record_no" is null or "portal_arrival_signers"."route" is not null));