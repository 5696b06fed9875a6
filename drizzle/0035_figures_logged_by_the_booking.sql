-- Hand-written (decision 031, issue 38): a booking's guests append their month figures to
-- office_figures_log in the booking's own statement (lib/service/meldescheine/book.ts), an update's
-- new guests in the update's (update.ts), so the statement trigger on inserted guests goes. It cost
-- ~0.4 ms of PostgreSQL CPU per booking (two queries of office_guest_country and the trigger's own
-- statement, planned for each booking), nearly as much as the rest of the booking. Changes and
-- cancellations keep their triggers: they are rare and take the old values from the database.
DROP TRIGGER IF EXISTS office_figures_guests_inserted ON personen;
--> statement-breakpoint
DROP FUNCTION IF EXISTS office_figures_guests_inserted();
