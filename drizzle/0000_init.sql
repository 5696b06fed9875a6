CREATE TABLE "beherberger" (
	"id" serial PRIMARY KEY NOT NULL,
	"gemeinde_id" integer NOT NULL,
	"alias" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"firma" text,
	"anrede" text,
	"vorname" text,
	"nachname" text,
	"strasse" text,
	"plz" text,
	"ort" text,
	"telefon" text,
	"email" text,
	"allow_logins" boolean DEFAULT true NOT NULL,
	"create_invoices" boolean DEFAULT false NOT NULL,
	"custom_1" text,
	"custom_2" text,
	"custom_3" text,
	"custom_4" text,
	"debitor_nr" text,
	"vermieter_nr" text,
	"ansprechpartner" text,
	"comment" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gemeinden" (
	"id" serial PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"using_paper" boolean DEFAULT false NOT NULL,
	"using_ems" boolean DEFAULT true NOT NULL,
	"datatable_name" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_request_id_pk" PRIMARY KEY("user_id","request_id")
);
--> statement-breakpoint
CREATE TABLE "meldeschein_counters" (
	"gemeinde_id" integer NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "meldeschein_counters_gemeinde_id_year_pk" PRIMARY KEY("gemeinde_id","year")
);
--> statement-breakpoint
CREATE TABLE "meldeschein_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"gemeinde_id" integer NOT NULL,
	"alias" text NOT NULL,
	"column_name" text NOT NULL,
	"data_type" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"size" integer,
	"transferable" boolean DEFAULT true NOT NULL,
	"list_visible" boolean DEFAULT true NOT NULL,
	"priority" text DEFAULT 'normal' NOT NULL,
	"view_order" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone,
	CONSTRAINT "meldeschein_fields_uq" UNIQUE("gemeinde_id","column_name")
);
--> statement-breakpoint
CREATE TABLE "meldescheine" (
	"id" serial PRIMARY KEY NOT NULL,
	"gemeinde_id" integer NOT NULL,
	"objekt_id" integer NOT NULL,
	"beherberger_id" integer NOT NULL,
	"meldescheinnummer" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"ms_type" text DEFAULT 'ems' NOT NULL,
	"input_id" text,
	"arrival_date" date NOT NULL,
	"departure_date" date NOT NULL,
	"kurtaxe_calc_cents" integer DEFAULT 0 NOT NULL,
	"manueller_betrag_cents" integer DEFAULT 0 NOT NULL,
	"kz_manueller_betrag" boolean DEFAULT false NOT NULL,
	"kurtaxe_ist_cents" integer,
	"storno_bestaetigt" boolean DEFAULT false NOT NULL,
	"precheck_errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_note" text,
	"creation_user_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone,
	CONSTRAINT "meldescheine_nummer_uq" UNIQUE("gemeinde_id","meldescheinnummer")
);
--> statement-breakpoint
CREATE TABLE "objekte" (
	"id" serial PRIMARY KEY NOT NULL,
	"beherberger_id" integer NOT NULL,
	"tarifzone_id" integer NOT NULL,
	"ortsteil_id" integer,
	"alias" text NOT NULL,
	"anzahl_betten" integer DEFAULT 0 NOT NULL,
	"strasse" text,
	"plz" text,
	"ort" text,
	"unterkunftsart" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ortsteile" (
	"id" serial PRIMARY KEY NOT NULL,
	"gemeinde_id" integer NOT NULL,
	"alias" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "personen" (
	"id" serial PRIMARY KEY NOT NULL,
	"meldeschein_id" integer NOT NULL,
	"position" integer NOT NULL,
	"tarif_id" integer NOT NULL,
	"gast_type" text NOT NULL,
	"anzahl" integer DEFAULT 1 NOT NULL,
	"arrival_date" date NOT NULL,
	"departure_date" date NOT NULL,
	"kurtaxe_calc_cents" integer DEFAULT 0 NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "personen_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "personen_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"person_id" integer NOT NULL,
	"meldeschein_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "print_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"meldeschein_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"via" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saisonzeiten" (
	"id" serial PRIMARY KEY NOT NULL,
	"gemeinde_id" integer NOT NULL,
	"alias" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tarif_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tarif_id" integer NOT NULL,
	"tarifzone_id" integer NOT NULL,
	"saisonzeit_id" integer,
	"cents_per_night" integer NOT NULL,
	CONSTRAINT "tarif_rates_uq" UNIQUE NULLS NOT DISTINCT("tarif_id","tarifzone_id","saisonzeit_id")
);
--> statement-breakpoint
CREATE TABLE "tarife" (
	"id" serial PRIMARY KEY NOT NULL,
	"gemeinde_id" integer NOT NULL,
	"alias" text NOT NULL,
	"full_alias" text NOT NULL,
	"tarif_code" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"allow_beherberger" boolean DEFAULT true NOT NULL,
	"print_kurkarte" boolean DEFAULT true NOT NULL,
	"default_selected" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone,
	CONSTRAINT "tarife_gemeinde_code_uq" UNIQUE("gemeinde_id","tarif_code")
);
--> statement-breakpoint
CREATE TABLE "tarifzonen" (
	"id" serial PRIMARY KEY NOT NULL,
	"gemeinde_id" integer NOT NULL,
	"alias" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_beherberger" (
	"user_id" integer NOT NULL,
	"beherberger_id" integer NOT NULL,
	CONSTRAINT "user_beherberger_user_id_beherberger_id_pk" PRIMARY KEY("user_id","beherberger_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"alias" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_type" text DEFAULT 'beherberger' NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_login" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "portal_forms" (
	"service_url" text NOT NULL,
	"username" text NOT NULL,
	"form_id" integer NOT NULL,
	"gemeinde_id" integer NOT NULL,
	"objekt_id" integer NOT NULL,
	"meldescheinnummer" text NOT NULL,
	"state" text NOT NULL,
	"arrival_date" date NOT NULL,
	"departure_date" date NOT NULL,
	"nights" integer NOT NULL,
	"guests" integer NOT NULL,
	"kurtaxe_cents" integer NOT NULL,
	"first_guest_name" text,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_forms_service_url_username_form_id_pk" PRIMARY KEY("service_url","username","form_id")
);
--> statement-breakpoint
CREATE TABLE "portal_pdfs" (
	"service_url" text NOT NULL,
	"username" text NOT NULL,
	"form_id" integer NOT NULL,
	"pdf" "bytea" NOT NULL,
	"reprint" boolean DEFAULT false NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portal_pdfs_service_url_username_form_id_pk" PRIMARY KEY("service_url","username","form_id")
);
--> statement-breakpoint
ALTER TABLE "beherberger" ADD CONSTRAINT "beherberger_gemeinde_id_gemeinden_id_fk" FOREIGN KEY ("gemeinde_id") REFERENCES "public"."gemeinden"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meldeschein_fields" ADD CONSTRAINT "meldeschein_fields_gemeinde_id_gemeinden_id_fk" FOREIGN KEY ("gemeinde_id") REFERENCES "public"."gemeinden"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meldescheine" ADD CONSTRAINT "meldescheine_gemeinde_id_gemeinden_id_fk" FOREIGN KEY ("gemeinde_id") REFERENCES "public"."gemeinden"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meldescheine" ADD CONSTRAINT "meldescheine_objekt_id_objekte_id_fk" FOREIGN KEY ("objekt_id") REFERENCES "public"."objekte"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meldescheine" ADD CONSTRAINT "meldescheine_beherberger_id_beherberger_id_fk" FOREIGN KEY ("beherberger_id") REFERENCES "public"."beherberger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meldescheine" ADD CONSTRAINT "meldescheine_creation_user_id_users_id_fk" FOREIGN KEY ("creation_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objekte" ADD CONSTRAINT "objekte_beherberger_id_beherberger_id_fk" FOREIGN KEY ("beherberger_id") REFERENCES "public"."beherberger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objekte" ADD CONSTRAINT "objekte_tarifzone_id_tarifzonen_id_fk" FOREIGN KEY ("tarifzone_id") REFERENCES "public"."tarifzonen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objekte" ADD CONSTRAINT "objekte_ortsteil_id_ortsteile_id_fk" FOREIGN KEY ("ortsteil_id") REFERENCES "public"."ortsteile"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ortsteile" ADD CONSTRAINT "ortsteile_gemeinde_id_gemeinden_id_fk" FOREIGN KEY ("gemeinde_id") REFERENCES "public"."gemeinden"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personen" ADD CONSTRAINT "personen_meldeschein_id_meldescheine_id_fk" FOREIGN KEY ("meldeschein_id") REFERENCES "public"."meldescheine"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personen" ADD CONSTRAINT "personen_tarif_id_tarife_id_fk" FOREIGN KEY ("tarif_id") REFERENCES "public"."tarife"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personen_history" ADD CONSTRAINT "personen_history_person_id_personen_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."personen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_log" ADD CONSTRAINT "print_log_meldeschein_id_meldescheine_id_fk" FOREIGN KEY ("meldeschein_id") REFERENCES "public"."meldescheine"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saisonzeiten" ADD CONSTRAINT "saisonzeiten_gemeinde_id_gemeinden_id_fk" FOREIGN KEY ("gemeinde_id") REFERENCES "public"."gemeinden"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarif_rates" ADD CONSTRAINT "tarif_rates_tarif_id_tarife_id_fk" FOREIGN KEY ("tarif_id") REFERENCES "public"."tarife"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarif_rates" ADD CONSTRAINT "tarif_rates_tarifzone_id_tarifzonen_id_fk" FOREIGN KEY ("tarifzone_id") REFERENCES "public"."tarifzonen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarif_rates" ADD CONSTRAINT "tarif_rates_saisonzeit_id_saisonzeiten_id_fk" FOREIGN KEY ("saisonzeit_id") REFERENCES "public"."saisonzeiten"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarife" ADD CONSTRAINT "tarife_gemeinde_id_gemeinden_id_fk" FOREIGN KEY ("gemeinde_id") REFERENCES "public"."gemeinden"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarifzonen" ADD CONSTRAINT "tarifzonen_gemeinde_id_gemeinden_id_fk" FOREIGN KEY ("gemeinde_id") REFERENCES "public"."gemeinden"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_beherberger" ADD CONSTRAINT "user_beherberger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_beherberger" ADD CONSTRAINT "user_beherberger_beherberger_id_beherberger_id_fk" FOREIGN KEY ("beherberger_id") REFERENCES "public"."beherberger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meldescheine_open_departure_idx" ON "meldescheine" USING btree ("departure_date") WHERE "meldescheine"."state" in ('draft', 'printed');--> statement-breakpoint
CREATE INDEX "objekte_beherberger_idx" ON "objekte" USING btree ("beherberger_id");--> statement-breakpoint
CREATE INDEX "personen_meldeschein_idx" ON "personen" USING btree ("meldeschein_id","position");--> statement-breakpoint
CREATE INDEX "personen_history_person_idx" ON "personen_history" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "print_log_meldeschein_idx" ON "print_log" USING btree ("meldeschein_id");--> statement-breakpoint
CREATE INDEX "saisonzeiten_gemeinde_idx" ON "saisonzeiten" USING btree ("gemeinde_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));