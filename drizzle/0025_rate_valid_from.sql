ALTER TABLE "tarif_rates" DROP CONSTRAINT "tarif_rates_uq";--> statement-breakpoint
ALTER TABLE "tarif_rates" ADD COLUMN "valid_from" date;--> statement-breakpoint
ALTER TABLE "tarif_rates" ADD COLUMN "created" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tarif_rates" ADD CONSTRAINT "tarif_rates_valid_uq" UNIQUE NULLS NOT DISTINCT("tarif_id","tarifzone_id","saisonzeit_id","valid_from");