ALTER TABLE "meldeschein_fields" ADD COLUMN "required_foreign_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meldeschein_fields" ADD COLUMN "statistical" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meldescheine" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "meldescheine_retention_idx" ON "meldescheine" USING btree ("departure_date") WHERE "meldescheine"."anonymised_at" is null;