CREATE TABLE "office_figures_log" (
	"gemeinde_id" integer NOT NULL,
	"month" date NOT NULL,
	"objekt_id" integer NOT NULL,
	"tarif_id" integer NOT NULL,
	"beherberger_id" integer NOT NULL,
	"country" text NOT NULL,
	"arrivals" bigint NOT NULL,
	"nights" bigint NOT NULL,
	"kurtaxe_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "office_month_countries" (
	"gemeinde_id" integer NOT NULL,
	"month" date NOT NULL,
	"country" text NOT NULL,
	"stripe" integer NOT NULL,
	"arrivals" bigint DEFAULT 0 NOT NULL,
	"nights" bigint DEFAULT 0 NOT NULL,
	"kurtaxe_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "office_month_countries_gemeinde_id_month_country_stripe_pk" PRIMARY KEY("gemeinde_id","month","country","stripe")
);
--> statement-breakpoint
CREATE TABLE "office_month_figures" (
	"gemeinde_id" integer NOT NULL,
	"month" date NOT NULL,
	"objekt_id" integer NOT NULL,
	"tarif_id" integer NOT NULL,
	"beherberger_id" integer NOT NULL,
	"arrivals" bigint DEFAULT 0 NOT NULL,
	"nights" bigint DEFAULT 0 NOT NULL,
	"kurtaxe_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "office_month_figures_gemeinde_id_month_objekt_id_tarif_id_pk" PRIMARY KEY("gemeinde_id","month","objekt_id","tarif_id")
);
--> statement-breakpoint
ALTER TABLE "meldescheine" ADD COLUMN "faktura_date" date;--> statement-breakpoint
ALTER TABLE "meldescheine" ADD COLUMN "invoice" text;--> statement-breakpoint
CREATE INDEX "meldescheine_billing_idx" ON "meldescheine" USING btree ("gemeinde_id","departure_date","id") WHERE "meldescheine"."state" <> 'cancelled';--> statement-breakpoint
-- Hand-written (decision 031): the guest's country, the month figures' triggers and their backfill.
-- The guest's country is the first country field of the municipality (in view_order) that the
-- guest filled in; '' when none. Kept in the month figures from booking on, so the retention
-- sweep's erasure of a non-statistical country field does not move a year-old stay.
CREATE FUNCTION office_guest_country(g integer, f jsonb) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT upper(f ->> mf.column_name) FROM meldeschein_fields mf
    WHERE mf.gemeinde_id = g AND mf.data_type = 'country'
      AND coalesce(f ->> mf.column_name, '') <> ''
    ORDER BY mf.view_order, mf.id LIMIT 1), '')
$$;
--> statement-breakpoint
-- The joins to the statement's forms and guests are parameterised subqueries (LATERAL, OFFSET 0):
-- the plan of a trigger's statement is cached without knowing the transition table's few rows,
-- and a hash join there read all of meldescheine or personen for every booking (its cost grew
-- with the table: a 1.2-5.7 ms PostgreSQL CPU per booking in the booking bench).
-- Each trigger computes the statement's signed contributions once (CTE c) and appends them to
-- office_figures_log: plain inserts, so bookings never wait on each other's figures (an upsert into
-- the kept tables held the row until the booking committed). office_figures_fold() moves the log
-- into the kept tables; the *_now views add what is not folded yet.
-- New guests (a booking's one statement, or guests added by an update): added to their month.
CREATE FUNCTION office_figures_guests_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH c AS (
    SELECT m.gemeinde_id, m.objekt_id, m.beherberger_id,
      office_guest_country(m.gemeinde_id, p.fields) AS country, date_trunc('month', p.arrival_date)::date AS month, p.tarif_id,
      1 * p.anzahl AS a, 1 * p.anzahl * (p.departure_date - p.arrival_date) AS n,
      1 * p.kurtaxe_calc_cents AS k
    FROM new_rows p CROSS JOIN LATERAL (
      SELECT * FROM meldescheine m0 WHERE m0.id = p.meldeschein_id OFFSET 0) m
    WHERE p.deleted_at IS NULL AND m.state <> 'cancelled' AND m.anonymised_at IS NULL
  )
  INSERT INTO office_figures_log (gemeinde_id, month, objekt_id, tarif_id, beherberger_id, country,
    arrivals, nights, kurtaxe_cents)
  SELECT gemeinde_id, month, objekt_id, tarif_id, beherberger_id, country, sum(a), sum(n), sum(k)
  FROM c GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(a) <> 0 OR sum(n) <> 0 OR sum(k) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Changed guests (dates, tariff, persons, Kurtaxe, country, deletion): the old row taken out, the
-- new one put in; a change that moves no figure (a name) writes nothing. Forms the retention sweep
-- erased are left alone: their figures stay as booked.
CREATE FUNCTION office_figures_guests_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH c AS (
    SELECT m.gemeinde_id, m.objekt_id, m.beherberger_id,
      office_guest_country(m.gemeinde_id, g.fields) AS country, date_trunc('month', g.arrival_date)::date AS month, g.tarif_id,
      g.sign * g.anzahl AS a, g.sign * g.anzahl * (g.departure_date - g.arrival_date) AS n,
      g.sign * g.kurtaxe_calc_cents AS k
    FROM (
      SELECT -1 AS sign, o.* FROM old_rows o WHERE o.deleted_at IS NULL
      UNION ALL
      SELECT 1 AS sign, n.* FROM new_rows n WHERE n.deleted_at IS NULL
    ) g CROSS JOIN LATERAL (
      SELECT * FROM meldescheine m0 WHERE m0.id = g.meldeschein_id OFFSET 0) m
    WHERE m.state <> 'cancelled' AND m.anonymised_at IS NULL
  )
  INSERT INTO office_figures_log (gemeinde_id, month, objekt_id, tarif_id, beherberger_id, country,
    arrivals, nights, kurtaxe_cents)
  SELECT gemeinde_id, month, objekt_id, tarif_id, beherberger_id, country, sum(a), sum(n), sum(k)
  FROM c GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(a) <> 0 OR sum(n) <> 0 OR sum(k) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Forms cancelled (or counted again) or moved to another object: all their live guests taken out
-- of the old keys and put into the new ones. The departure sweep and billing change neither:
-- nothing is written.
CREATE FUNCTION office_figures_forms_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH c AS (
    SELECT f.gemeinde_id, f.objekt_id, f.beherberger_id,
      office_guest_country(f.gemeinde_id, p.fields) AS country,
      date_trunc('month', p.arrival_date)::date AS month, p.tarif_id, f.sign * p.anzahl AS a,
      f.sign * p.anzahl * (p.departure_date - p.arrival_date) AS n,
      f.sign * p.kurtaxe_calc_cents AS k
    FROM (
      SELECT -1 AS sign, o.id, o.gemeinde_id, o.objekt_id, o.beherberger_id
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.state <> 'cancelled' AND o.anonymised_at IS NULL AND (n.state = 'cancelled'
        OR (n.gemeinde_id, n.objekt_id, n.beherberger_id)
          <> (o.gemeinde_id, o.objekt_id, o.beherberger_id))
      UNION ALL
      SELECT 1, n.id, n.gemeinde_id, n.objekt_id, n.beherberger_id
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.state <> 'cancelled' AND n.anonymised_at IS NULL AND (o.state = 'cancelled'
        OR (n.gemeinde_id, n.objekt_id, n.beherberger_id)
          <> (o.gemeinde_id, o.objekt_id, o.beherberger_id))
    ) f CROSS JOIN LATERAL (
      SELECT * FROM personen p0 WHERE p0.meldeschein_id = f.id AND p0.deleted_at IS NULL
      OFFSET 0) p
  )
  INSERT INTO office_figures_log (gemeinde_id, month, objekt_id, tarif_id, beherberger_id, country,
    arrivals, nights, kurtaxe_cents)
  SELECT gemeinde_id, month, objekt_id, tarif_id, beherberger_id, country, sum(a), sum(n), sum(k)
  FROM c GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(a) <> 0 OR sum(n) <> 0 OR sum(k) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION office_figures_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM office_figures_log;
  DELETE FROM office_month_figures;
  DELETE FROM office_month_countries;
  WITH c AS (
    SELECT m.gemeinde_id, m.objekt_id, m.beherberger_id,
      office_guest_country(m.gemeinde_id, p.fields) AS country, date_trunc('month', p.arrival_date)::date AS month, p.tarif_id,
      1 * p.anzahl AS a, 1 * p.anzahl * (p.departure_date - p.arrival_date) AS n,
      1 * p.kurtaxe_calc_cents AS k
    FROM personen p JOIN meldescheine m ON m.id = p.meldeschein_id
    WHERE p.deleted_at IS NULL AND m.state <> 'cancelled'
  ), o AS (
    INSERT INTO office_month_figures AS t (gemeinde_id, month, objekt_id, tarif_id, beherberger_id,
      arrivals, nights, kurtaxe_cents)
    SELECT gemeinde_id, month, objekt_id, tarif_id, beherberger_id, sum(a), sum(n), sum(k)
    FROM c GROUP BY 1, 2, 3, 4, 5
    HAVING sum(a) <> 0 OR sum(n) <> 0 OR sum(k) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (gemeinde_id, month, objekt_id, tarif_id) DO UPDATE SET
      arrivals = t.arrivals + excluded.arrivals, nights = t.nights + excluded.nights,
      kurtaxe_cents = t.kurtaxe_cents + excluded.kurtaxe_cents
  )
  INSERT INTO office_month_countries AS t (gemeinde_id, month, country, stripe, arrivals, nights,
    kurtaxe_cents)
  SELECT gemeinde_id, month, country, objekt_id % 64, sum(a), sum(n), sum(k)
  FROM c GROUP BY 1, 2, 3, 4
  HAVING sum(a) <> 0 OR sum(n) <> 0 OR sum(k) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (gemeinde_id, month, country, stripe) DO UPDATE SET
    arrivals = t.arrivals + excluded.arrivals, nights = t.nights + excluded.nights,
    kurtaxe_cents = t.kurtaxe_cents + excluded.kurtaxe_cents;
END $$;
--> statement-breakpoint
-- The log into the kept tables, in one statement (the deleted rows are the ones added: a booking
-- committing meanwhile stays in the log for the next fold), rows upserted in key order so two
-- folds never wait on each other's rows crosswise. Returns the log rows folded.
CREATE FUNCTION office_figures_fold() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE folded bigint;
BEGIN
  WITH d AS (
    DELETE FROM office_figures_log RETURNING *
  ), o AS (
    INSERT INTO office_month_figures AS t (gemeinde_id, month, objekt_id, tarif_id, beherberger_id,
      arrivals, nights, kurtaxe_cents)
    SELECT gemeinde_id, month, objekt_id, tarif_id, beherberger_id, sum(arrivals), sum(nights),
      sum(kurtaxe_cents)
    FROM d GROUP BY 1, 2, 3, 4, 5
    HAVING sum(arrivals) <> 0 OR sum(nights) <> 0 OR sum(kurtaxe_cents) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (gemeinde_id, month, objekt_id, tarif_id) DO UPDATE SET
      arrivals = t.arrivals + excluded.arrivals, nights = t.nights + excluded.nights,
      kurtaxe_cents = t.kurtaxe_cents + excluded.kurtaxe_cents
  ), k AS (
    INSERT INTO office_month_countries AS t (gemeinde_id, month, country, stripe, arrivals, nights,
      kurtaxe_cents)
    SELECT gemeinde_id, month, country, objekt_id % 64, sum(arrivals), sum(nights),
      sum(kurtaxe_cents)
    FROM d GROUP BY 1, 2, 3, 4
    HAVING sum(arrivals) <> 0 OR sum(nights) <> 0 OR sum(kurtaxe_cents) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (gemeinde_id, month, country, stripe) DO UPDATE SET
      arrivals = t.arrivals + excluded.arrivals, nights = t.nights + excluded.nights,
      kurtaxe_cents = t.kurtaxe_cents + excluded.kurtaxe_cents
  )
  SELECT count(*) INTO folded FROM d;
  RETURN folded;
END $$;
--> statement-breakpoint
-- What the figures read: the kept rows and the log not folded yet (sums over either are the same).
CREATE VIEW office_month_figures_now AS
  SELECT gemeinde_id, month, objekt_id, tarif_id, beherberger_id, arrivals, nights, kurtaxe_cents
  FROM office_month_figures
  UNION ALL
  SELECT gemeinde_id, month, objekt_id, tarif_id, beherberger_id, arrivals, nights, kurtaxe_cents
  FROM office_figures_log;
--> statement-breakpoint
CREATE VIEW office_month_countries_now AS
  SELECT gemeinde_id, month, country, arrivals, nights, kurtaxe_cents FROM office_month_countries
  UNION ALL
  SELECT gemeinde_id, month, country, arrivals, nights, kurtaxe_cents FROM office_figures_log;
--> statement-breakpoint
-- Backfill: the forms booked before this migration.
SELECT office_figures_rebuild();
--> statement-breakpoint
CREATE TRIGGER office_figures_guests_inserted AFTER INSERT ON personen
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION office_figures_guests_inserted();
--> statement-breakpoint
CREATE TRIGGER office_figures_guests_updated AFTER UPDATE ON personen
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION office_figures_guests_updated();
--> statement-breakpoint
CREATE TRIGGER office_figures_forms_updated AFTER UPDATE ON meldescheine
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION office_figures_forms_updated();
