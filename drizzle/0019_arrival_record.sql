CREATE TABLE "portal_arrival_signers" (
	"service_url" text NOT NULL,
	"username" text NOT NULL,
	"form_id" integer NOT NULL,
	"guest_id" integer NOT NULL,
	"route" text,
	"confirmed_at" timestamp with time zone,
	"payment_provider" text,
	"payment_reference" text,
	"payment_id" text,
	"id_check" text,
	"id_check_note" text,
	"id_check_at" timestamp with time zone,
	"xml" text,
	CONSTRAINT "portal_arrival_signers_service_url_username_form_id_guest_id_pk" PRIMARY KEY("service_url","username","form_id","guest_id"),
	CONSTRAINT "portal_arrival_signers_route" CHECK ("portal_arrival_signers"."route" in ('paper', 'card', 'eid')),
	CONSTRAINT "portal_arrival_signers_confirmed" CHECK (("portal_arrival_signers"."route" is null) = ("portal_arrival_signers"."confirmed_at" is null)),
	CONSTRAINT "portal_arrival_signers_card" CHECK ("portal_arrival_signers"."route" is distinct from 'card' or ("portal_arrival_signers"."payment_provider" is not null and "portal_arrival_signers"."payment_reference" is not null)),
	CONSTRAINT "portal_arrival_signers_id" CHECK ("portal_arrival_signers"."id_check" in ('compared', 'deviation', 'no_id'))
);
--> statement-breakpoint
CREATE TABLE "portal_arrivals" (
	"service_url" text NOT NULL,
	"username" text NOT NULL,
	"form_id" integer NOT NULL,
	"gemeinde_id" integer NOT NULL,
	"objekt_id" integer NOT NULL,
	"form_state" text NOT NULL,
	"arrival_date" date NOT NULL,
	"departure_date" date NOT NULL,
	"party_kind" text DEFAULT 'separate' NOT NULL,
	"party" jsonb NOT NULL,
	"required" boolean NOT NULL,
	"snapshot_at" timestamp with time zone DEFAULT now() NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "portal_arrivals_service_url_username_form_id_pk" PRIMARY KEY("service_url","username","form_id")
);
--> statement-breakpoint
ALTER TABLE "portal_arrival_signers" ADD CONSTRAINT "portal_arrival_signers_arrival" FOREIGN KEY ("service_url","username","form_id") REFERENCES "public"."portal_arrivals"("service_url","username","form_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_arrivals_day" ON "portal_arrivals" USING btree ("service_url","username","arrival_date");--> statement-breakpoint
-- Hand-added: the stays list, the stay page and the overview show the arrival record, so its
-- changes raise the owner's version like the other tables kept pages read (0018, decision 026).
CREATE TRIGGER portal_arrivals_owner_changed AFTER INSERT OR UPDATE OR DELETE ON portal_arrivals
  FOR EACH ROW EXECUTE FUNCTION portal_owner_row_changed();
--> statement-breakpoint
CREATE TRIGGER portal_arrival_signers_owner_changed AFTER INSERT OR UPDATE OR DELETE ON portal_arrival_signers
  FOR EACH ROW EXECUTE FUNCTION portal_owner_row_changed();
