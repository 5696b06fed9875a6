CREATE TABLE "portal_payment_accounts" (
	"service_url" text NOT NULL,
	"username" text NOT NULL,
	"account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_payment_accounts_service_url_username_pk" PRIMARY KEY("service_url","username"),
	CONSTRAINT "portal_payment_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "portal_payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"service_url" text NOT NULL,
	"username" text NOT NULL,
	"form_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"session_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'eur' NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"payment_intent_id" text,
	"charge_id" text,
	"reference" text,
	"three_d_secure" text,
	"three_d_secure_id" text,
	"card_brand" text,
	"card_last4" text,
	"paid_at" timestamp with time zone,
	"confirmation" text,
	"failure_code" text,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_payments_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE INDEX "portal_payment_events_processed" ON "portal_payment_events" USING btree ("processed_at");--> statement-breakpoint
CREATE INDEX "portal_payments_form" ON "portal_payments" USING btree ("service_url","username","form_id");--> statement-breakpoint
CREATE INDEX "portal_payments_open" ON "portal_payments" USING btree ("state","created_at");