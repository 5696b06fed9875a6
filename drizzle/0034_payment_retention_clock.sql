ALTER TABLE "portal_payments" ADD COLUMN "departure_date" date;--> statement-breakpoint
-- Hand-added backfill: the stay's departure from its arrival record, else from the payer's index
-- row; a payment whose form and record are both gone already gets the day it was made (the last
-- day of its stay known), so it no longer stays forever.
UPDATE portal_payments p SET departure_date = coalesce(
  (SELECT a.departure_date FROM portal_arrivals a
    WHERE a.service_url = p.service_url AND a.form_id = p.form_id),
  (SELECT f.departure_date FROM portal_forms f
    WHERE f.service_url = p.service_url AND f.username = p.username AND f.form_id = p.form_id),
  (p.created_at AT TIME ZONE 'Europe/Berlin')::date);
--> statement-breakpoint
ALTER TABLE "portal_payments" ALTER COLUMN "departure_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "portal_payments_departure" ON "portal_payments" USING btree ("departure_date");
