-- The arrival record is one per form (and its landlord), no longer one per portal login: two logins
-- of one landlord (or an agency's and the landlord's own) share it. Hand-written around drizzle's
-- statements: the landlord backfilled where this database's own service holds the form, duplicate
-- records of one form merged (the one confirmed first is kept: the first confirmation wins), and
-- the owner-version triggers raise every login that sees the form.
DROP TRIGGER IF EXISTS portal_arrivals_owner_changed ON portal_arrivals;
--> statement-breakpoint
DROP TRIGGER IF EXISTS portal_arrival_signers_owner_changed ON portal_arrival_signers;
--> statement-breakpoint
ALTER TABLE "portal_arrival_signers" DROP CONSTRAINT "portal_arrival_signers_arrival";
--> statement-breakpoint
UPDATE portal_arrivals a SET beherberger_id = m.beherberger_id
FROM meldescheine m
WHERE a.beherberger_id IS NULL AND m.id = a.form_id AND m.objekt_id = a.objekt_id;
--> statement-breakpoint
CREATE TEMPORARY TABLE arrival_dropped AS
SELECT service_url, username, form_id FROM (
  SELECT a.service_url, a.username, a.form_id,
    row_number() OVER (
      PARTITION BY a.service_url, a.form_id
      ORDER BY (SELECT min(s.confirmed_at) FROM portal_arrival_signers s
          WHERE s.service_url = a.service_url AND s.username = a.username
          AND s.form_id = a.form_id) ASC NULLS LAST,
        a.snapshot_at DESC, a.username
    ) AS n
  FROM portal_arrivals a
) ranked WHERE n > 1;
--> statement-breakpoint
DELETE FROM portal_arrival_signers s USING arrival_dropped d
WHERE s.service_url = d.service_url AND s.username = d.username AND s.form_id = d.form_id;
--> statement-breakpoint
DELETE FROM portal_arrivals a USING arrival_dropped d
WHERE a.service_url = d.service_url AND a.username = d.username AND a.form_id = d.form_id;
--> statement-breakpoint
DROP TABLE arrival_dropped;
--> statement-breakpoint
DROP INDEX "portal_arrivals_day";--> statement-breakpoint
ALTER TABLE "portal_arrival_signers" DROP CONSTRAINT "portal_arrival_signers_service_url_username_form_id_guest_id_pk";--> statement-breakpoint
ALTER TABLE "portal_arrivals" DROP CONSTRAINT "portal_arrivals_service_url_username_form_id_pk";--> statement-breakpoint
ALTER TABLE "portal_arrival_signers" DROP COLUMN "username";--> statement-breakpoint
ALTER TABLE "portal_arrivals" DROP COLUMN "username";--> statement-breakpoint
ALTER TABLE "portal_arrival_signers" ADD CONSTRAINT "portal_arrival_signers_service_url_form_id_guest_id_pk" PRIMARY KEY("service_url","form_id","guest_id");--> statement-breakpoint
ALTER TABLE "portal_arrivals" ADD CONSTRAINT "portal_arrivals_service_url_form_id_pk" PRIMARY KEY("service_url","form_id");--> statement-breakpoint
ALTER TABLE "portal_arrival_signers" ADD CONSTRAINT "portal_arrival_signers_arrival" FOREIGN KEY ("service_url","form_id") REFERENCES "public"."portal_arrivals"("service_url","form_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_arrivals_landlord_day" ON "portal_arrivals" USING btree ("service_url","beherberger_id","arrival_date");--> statement-breakpoint
CREATE INDEX "portal_arrivals_day" ON "portal_arrivals" USING btree ("service_url","arrival_date");--> statement-breakpoint
-- Every login whose index holds the form sees the record: its changes raise each one's version
-- (decision 026), as the other tables kept pages read do for their one owner.
CREATE FUNCTION portal_arrival_owner_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner record;
BEGIN
  FOR owner IN SELECT DISTINCT f.service_url, f.username FROM portal_forms f
    WHERE (TG_OP <> 'INSERT' AND f.service_url = OLD.service_url AND f.form_id = OLD.form_id)
       OR (TG_OP <> 'DELETE' AND f.service_url = NEW.service_url AND f.form_id = NEW.form_id)
    ORDER BY f.service_url, f.username
  LOOP
    PERFORM portal_owner_raise(owner.service_url, owner.username);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portal_arrivals_owner_changed AFTER INSERT OR UPDATE OR DELETE ON portal_arrivals
  FOR EACH ROW EXECUTE FUNCTION portal_arrival_owner_changed();
--> statement-breakpoint
CREATE TRIGGER portal_arrival_signers_owner_changed AFTER INSERT OR UPDATE OR DELETE ON portal_arrival_signers
  FOR EACH ROW EXECUTE FUNCTION portal_arrival_owner_changed();

--> statement-breakpoint
-- The Stripe account, one per landlord (decision 029).
ALTER TABLE "portal_payment_accounts" DROP CONSTRAINT "portal_payment_accounts_account_id_unique";--> statement-breakpoint
ALTER TABLE "portal_payment_accounts" DROP CONSTRAINT "portal_payment_accounts_service_url_username_pk";--> statement-breakpoint
ALTER TABLE "portal_payment_accounts" ADD PRIMARY KEY ("account_id");--> statement-breakpoint
ALTER TABLE "portal_payment_accounts" ADD COLUMN "beherberger_id" integer;--> statement-breakpoint
-- Hand-added backfill: an account set up by a login whose arrival records all name one landlord
-- becomes that landlord's (of several logins' accounts of one landlord, the first set up). An
-- account of a login of several landlords stays unassigned: whose it is only the login can say,
-- by setting up each landlord's own account.
UPDATE portal_payment_accounts p SET beherberger_id = x.landlord
FROM (
  SELECT c.account_id, c.landlord,
    row_number() OVER (PARTITION BY c.service_url, c.landlord ORDER BY c.created_at, c.account_id) AS n
  FROM (
    SELECT acc.account_id, acc.service_url, acc.created_at,
      (SELECT min(a.beherberger_id) FROM portal_forms f
        JOIN portal_arrivals a ON a.service_url = f.service_url AND a.form_id = f.form_id
        WHERE f.service_url = acc.service_url AND f.username = acc.username) AS landlord,
      (SELECT count(DISTINCT a.beherberger_id) FROM portal_forms f
        JOIN portal_arrivals a ON a.service_url = f.service_url AND a.form_id = f.form_id
        WHERE f.service_url = acc.service_url AND f.username = acc.username) AS landlords
    FROM portal_payment_accounts acc
  ) c
  WHERE c.landlords = 1
) x
WHERE p.account_id = x.account_id AND x.n = 1;
--> statement-breakpoint
CREATE UNIQUE INDEX "portal_payment_accounts_landlord" ON "portal_payment_accounts" USING btree ("service_url","beherberger_id");
