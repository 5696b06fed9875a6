CREATE TABLE "portal_calendar_feeds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"service_url" text NOT NULL,
	"username" text NOT NULL,
	"gemeinde_id" integer NOT NULL,
	"objekt_id" integer NOT NULL,
	"url" text NOT NULL,
	"platform" text NOT NULL,
	"blocked_are_stays" boolean DEFAULT false NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_mail_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"service_url" text NOT NULL,
	"username" text NOT NULL,
	"planned_stay_id" uuid,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_planned_stays" (
	"id" uuid PRIMARY KEY NOT NULL,
	"service_url" text NOT NULL,
	"username" text NOT NULL,
	"gemeinde_id" integer NOT NULL,
	"objekt_id" integer NOT NULL,
	"arrival_date" date NOT NULL,
	"departure_date" date NOT NULL,
	"expected_guests" integer,
	"source" text NOT NULL,
	"feed_id" uuid,
	"event_uid" text,
	"summary" text,
	"guest_name" text,
	"guest_email" text,
	"guest_lang" text DEFAULT 'de' NOT NULL,
	"state" text DEFAULT 'planned' NOT NULL,
	"form_id" integer,
	"gone_from_calendar_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal_checkin_links" ADD COLUMN "planned_stay_id" uuid;--> statement-breakpoint
CREATE INDEX "portal_calendar_feeds_owner" ON "portal_calendar_feeds" USING btree ("service_url","username","objekt_id");--> statement-breakpoint
CREATE INDEX "portal_mail_outbox_due" ON "portal_mail_outbox" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "portal_mail_outbox_owner" ON "portal_mail_outbox" USING btree ("service_url","username","planned_stay_id");--> statement-breakpoint
CREATE INDEX "portal_planned_stays_owner" ON "portal_planned_stays" USING btree ("service_url","username","arrival_date");--> statement-breakpoint
CREATE INDEX "portal_planned_stays_event" ON "portal_planned_stays" USING btree ("service_url","username","objekt_id","event_uid");