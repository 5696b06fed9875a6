ALTER TABLE "portal_checkin_links" ADD COLUMN "code_renewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal_mail_outbox" ADD COLUMN "link_id" uuid;