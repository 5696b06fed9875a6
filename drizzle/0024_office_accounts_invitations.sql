CREATE TABLE "office_mail_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"link_id" integer NOT NULL,
	"to_address" text NOT NULL,
	"username" text NOT NULL,
	"lang" text DEFAULT 'de' NOT NULL,
	"sealed_token" text,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "objekte" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "office_mail_outbox" ADD CONSTRAINT "office_mail_outbox_link_id_password_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."password_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "office_mail_outbox_due" ON "office_mail_outbox" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "office_mail_outbox_link" ON "office_mail_outbox" USING btree ("link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_links_token_uq" ON "password_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_links_account_idx" ON "password_links" USING btree ("account_kind","account_id");--> statement-breakpoint
-- Hand-written: staff management is a new right (office.manage_staff). Accounts that held every
-- right before it existed (the default of `create-staff` and OFFICE_FIRST_STAFF) get it, so an
-- office that exists already has someone who can manage its staff in the browser.
UPDATE "staff_accounts" SET "permissions" = array_append("permissions", 'office.manage_staff')
  WHERE "permissions" @> ARRAY['office.view_figures', 'office.manage_landlords', 'office.configure',
    'office.view_audit']::text[]
    AND NOT ('office.manage_staff' = ANY ("permissions"));
