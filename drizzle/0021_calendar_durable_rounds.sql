ALTER TABLE "portal_calendar_feeds" ADD COLUMN "reconcile_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_calendar_feeds" ADD COLUMN "suspect_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal_calendar_feeds" ADD COLUMN "suspect_stays" json;--> statement-breakpoint
ALTER TABLE "portal_planned_stays" ADD COLUMN "calendar_withdrawal" jsonb;--> statement-breakpoint
CREATE INDEX "portal_calendar_feeds_reconcile_due" ON "portal_calendar_feeds" USING btree ("service_url","username","objekt_id") WHERE "portal_calendar_feeds"."reconcile_due";--> statement-breakpoint
-- Hand-added (issue 30): the stays a feed keeps name each booking by its `key` (its UID where the
-- UID is its own, lib/portal/calendars/parse.ts), no longer by `uid`. The stored stays are
-- rewritten to the new shape: every stored UID was unique in its feed (node-ical merged events
-- sharing one), so the UID is the key; only the fields a stay needs are kept.
UPDATE "portal_calendar_feeds" SET "stays" = coalesce((
  SELECT json_agg(json_build_object(
    'key', coalesce(s->>'key', s->>'uid'),
    'arrival', s->>'arrival',
    'departure', s->>'departure',
    'summary', s->>'summary'))
  FROM json_array_elements("stays") AS s
  WHERE coalesce(s->>'key', s->>'uid') IS NOT NULL
), '[]'::json);
