CREATE TABLE "idempotency_key_forms" (
	"user_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"form_id" integer NOT NULL,
	CONSTRAINT "idempotency_key_forms_user_id_request_id_form_id_pk" PRIMARY KEY("user_id","request_id","form_id")
);
--> statement-breakpoint
CREATE TABLE "portal_index_sync" (
	"service_url" text NOT NULL,
	"username" text NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"list_available" boolean NOT NULL,
	CONSTRAINT "portal_index_sync_service_url_username_pk" PRIMARY KEY("service_url","username")
);
--> statement-breakpoint
CREATE TABLE "portal_revoked_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal_pdfs" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
CREATE INDEX "portal_revoked_sessions_expiry" ON "portal_revoked_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "meldescheine_list_idx" ON "meldescheine" USING btree ("gemeinde_id","beherberger_id","arrival_date");