CREATE TABLE "portal_checkin_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "portal_checkin_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "portal_checkin_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"kind" text NOT NULL,
	"service_url" text NOT NULL,
	"username" text NOT NULL,
	"gemeinde_id" integer NOT NULL,
	"objekt_id" integer NOT NULL,
	"form_id" integer,
	"arrival_date" date,
	"departure_date" date,
	"expected_guests" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_checkin_links_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "portal_checkins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"link_id" uuid NOT NULL,
	"arrival_date" date NOT NULL,
	"departure_date" date NOT NULL,
	"guests" jsonb NOT NULL,
	"lang" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purge_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal_checkins" ADD CONSTRAINT "portal_checkins_link_id_portal_checkin_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."portal_checkin_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_checkin_links_owner" ON "portal_checkin_links" USING btree ("service_url","username","kind");--> statement-breakpoint
CREATE INDEX "portal_checkins_link" ON "portal_checkins" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "portal_checkins_purge" ON "portal_checkins" USING btree ("purge_after");