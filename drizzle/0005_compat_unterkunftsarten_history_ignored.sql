CREATE TABLE "unterkunftsarten" (
	"id" serial PRIMARY KEY NOT NULL,
	"gemeinde_id" integer NOT NULL,
	"alias" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"modified" timestamp with time zone,
	CONSTRAINT "unterkunftsarten_uq" UNIQUE("gemeinde_id","alias")
);
--> statement-breakpoint
ALTER TABLE "objekte" ADD COLUMN "unterkunftsart_id" integer;--> statement-breakpoint
ALTER TABLE "personen_history" ADD COLUMN "ignored_fields" text[];--> statement-breakpoint
ALTER TABLE "unterkunftsarten" ADD CONSTRAINT "unterkunftsarten_gemeinde_id_gemeinden_id_fk" FOREIGN KEY ("gemeinde_id") REFERENCES "public"."gemeinden"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objekte" ADD CONSTRAINT "objekte_unterkunftsart_id_unterkunftsarten_id_fk" FOREIGN KEY ("unterkunftsart_id") REFERENCES "public"."unterkunftsarten"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Existing kinds (free text until now) become kinds of the object's municipality.
INSERT INTO "unterkunftsarten" ("gemeinde_id", "alias")
SELECT DISTINCT z."gemeinde_id", o."unterkunftsart" FROM "objekte" o
JOIN "tarifzonen" z ON z."id" = o."tarifzone_id"
WHERE o."unterkunftsart" IS NOT NULL AND o."unterkunftsart" <> '';--> statement-breakpoint
UPDATE "objekte" o SET "unterkunftsart_id" = u."id"
FROM "tarifzonen" z, "unterkunftsarten" u
WHERE z."id" = o."tarifzone_id" AND u."gemeinde_id" = z."gemeinde_id" AND u."alias" = o."unterkunftsart";--> statement-breakpoint
ALTER TABLE "objekte" DROP COLUMN "unterkunftsart";