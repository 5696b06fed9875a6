ALTER TABLE "portal_arrival_signers" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal_arrivals" ADD COLUMN "relations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "portal_payments" ADD COLUMN "guest_id" integer;--> statement-breakpoint
ALTER TABLE "portal_payments" ADD COLUMN "consent_at" timestamp with time zone;