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
