ALTER TABLE "meldescheine" ADD COLUMN "buchungsnummer" text;--> statement-breakpoint
ALTER TABLE "meldescheine" ADD COLUMN "avs" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "meldescheine_buchungsnummer_uq" ON "meldescheine" USING btree ("objekt_id","buchungsnummer") WHERE "meldescheine"."buchungsnummer" is not null;