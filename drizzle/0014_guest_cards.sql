CREATE TABLE "portal_guest_cards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"service_url" text NOT NULL,
	"username" text NOT NULL,
	"form_id" integer NOT NULL,
	"person_id" integer,
	"party_id" uuid NOT NULL,
	"checkin_id" uuid,
	"karte" jsonb,
	"departure_date" date NOT NULL,
	"lang" text DEFAULT 'de' NOT NULL,
	"auth_token" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal_wallet_registrations" (
	"device_id" text NOT NULL,
	"pass_type_id" text NOT NULL,
	"serial" uuid NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_wallet_registrations_device_id_pass_type_id_serial_pk" PRIMARY KEY("device_id","pass_type_id","serial")
);
--> statement-breakpoint
ALTER TABLE "portal_wallet_registrations" ADD CONSTRAINT "portal_wallet_registrations_serial_portal_guest_cards_id_fk" FOREIGN KEY ("serial") REFERENCES "public"."portal_guest_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_guest_cards_form" ON "portal_guest_cards" USING btree ("service_url","username","form_id");--> statement-breakpoint
CREATE INDEX "portal_guest_cards_party" ON "portal_guest_cards" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "portal_guest_cards_checkin" ON "portal_guest_cards" USING btree ("checkin_id");--> statement-breakpoint
CREATE INDEX "portal_wallet_registrations_serial" ON "portal_wallet_registrations" USING btree ("serial");