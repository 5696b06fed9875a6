-- The booking path carries no foreign keys: each cost a trigger query per row (about 60 % of the
-- database time of a booking) and locked the same parent rows for every concurrent booking.
-- The service writes only ids from its validated configuration or from the same statement, and
-- nothing deletes the referenced rows (see lib/db/schema/service.ts, docs/performance.md).
ALTER TABLE "meldescheine" DROP CONSTRAINT "meldescheine_gemeinde_id_gemeinden_id_fk";
--> statement-breakpoint
ALTER TABLE "meldescheine" DROP CONSTRAINT "meldescheine_objekt_id_objekte_id_fk";
--> statement-breakpoint
ALTER TABLE "meldescheine" DROP CONSTRAINT "meldescheine_beherberger_id_beherberger_id_fk";
--> statement-breakpoint
ALTER TABLE "meldescheine" DROP CONSTRAINT "meldescheine_creation_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "personen" DROP CONSTRAINT "personen_meldeschein_id_meldescheine_id_fk";
--> statement-breakpoint
ALTER TABLE "personen" DROP CONSTRAINT "personen_tarif_id_tarife_id_fk";
--> statement-breakpoint
ALTER TABLE "personen_history" DROP CONSTRAINT "personen_history_person_id_personen_id_fk";
