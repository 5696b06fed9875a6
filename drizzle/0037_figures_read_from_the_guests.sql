CREATE TABLE "office_figures_folded" (
	"id" integer PRIMARY KEY NOT NULL,
	"guest_id" bigint NOT NULL
);
--> statement-breakpoint
-- Hand-written (decision 031, issue 38): the booking writes nothing for the month figures. The
-- kept tables hold every guest up to office_figures_folded.guest_id (plus the log of changes and
-- cancellations); the views count the guests above that mark from personen and meldescheine
-- themselves, and office_figures_fold() moves them into the kept tables and the mark up. The
-- booking's log rows (two heap rows, a join and a group in its statement) cost ~0.1 ms of
-- PostgreSQL CPU per booking and 2 of its 7 rows written (docs/performance.md).
--
-- The mark is exact under concurrent, out-of-order commits: guest ids come from a sequence, and a
-- transaction holds ROW EXCLUSIVE on personen from before it draws an id until it ends, so after
-- LOCK TABLE personen IN SHARE MODE every id up to max(id) is committed (or rolled back) and every
-- later id is larger. The fold takes its mark so (lib/service/meldescheine/month-figures.ts:
-- in a short transaction of its own, giving up after a moment rather than hold bookings back).
-- The triggers of changed guests and forms log only guests up to the mark (the others the views
-- read as they are now) and read the mark under a shared advisory lock that the fold takes
-- exclusively: a change either commits before the fold reads the guests, or logs against the new
-- mark after it.
LOCK TABLE personen IN SHARE MODE;
--> statement-breakpoint
-- Every guest booked until now is in the kept tables or the log.
INSERT INTO office_figures_folded (id, guest_id) SELECT 1, coalesce(max(id), 0) FROM personen;
--> statement-breakpoint
-- The guests above the mark, one row each, as the rebuild counts them. The upper bound is never
-- reached; it makes the planner estimate a range (an index scan of the few guests since the last
-- fold) instead of a third of personen for a bare "greater than" of an unknown value.
CREATE VIEW office_figures_unfolded AS
  SELECT m.gemeinde_id, date_trunc('month', p.arrival_date)::date AS month, m.objekt_id,
    p.tarif_id, m.beherberger_id, office_guest_country(m.gemeinde_id, p.fields) AS country,
    p.anzahl::bigint AS arrivals,
    (p.anzahl * (p.departure_date - p.arrival_date))::bigint AS nights,
    p.kurtaxe_calc_cents::bigint AS kurtaxe_cents
  FROM office_figures_folded w
  JOIN personen p ON p.id > w.guest_id AND p.id <= w.guest_id + 4294967296
  JOIN meldescheine m ON m.id = p.meldeschein_id
  WHERE p.deleted_at IS NULL AND m.state <> 'cancelled';
--> statement-breakpoint
CREATE OR REPLACE VIEW office_month_figures_now AS
  SELECT gemeinde_id, month, objekt_id, tarif_id, beherberger_id, arrivals, nights, kurtaxe_cents
  FROM office_month_figures
  UNION ALL
  SELECT gemeinde_id, month, objekt_id, tarif_id, beherberger_id, arrivals, nights, kurtaxe_cents
  FROM office_figures_log
  UNION ALL
  SELECT gemeinde_id, month, objekt_id, tarif_id, beherberger_id, arrivals, nights, kurtaxe_cents
  FROM office_figures_unfolded;
--> statement-breakpoint
CREATE OR REPLACE VIEW office_month_countries_now AS
  SELECT gemeinde_id, month, country, arrivals, nights, kurtaxe_cents FROM office_month_countries
  UNION ALL
  SELECT gemeinde_id, month, country, arrivals, nights, kurtaxe_cents FROM office_figures_log
  UNION ALL
  SELECT gemeinde_id, month, country, arrivals, nights, kurtaxe_cents FROM office_figures_unfolded;
--> statement-breakpoint
-- Changed guests: only guests up to the mark are logged (the views read the others as they are).
CREATE OR REPLACE FUNCTION office_figures_guests_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE w bigint;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727031);
  SELECT guest_id INTO w FROM office_figures_folded;
  WITH c AS (
    SELECT m.gemeinde_id, m.objekt_id, m.beherberger_id,
      office_guest_country(m.gemeinde_id, g.fields) AS country, date_trunc('month', g.arrival_date)::date AS month, g.tarif_id,
      g.sign * g.anzahl AS a, g.sign * g.anzahl * (g.departure_date - g.arrival_date) AS n,
      g.sign * g.kurtaxe_calc_cents AS k
    FROM (
      SELECT -1 AS sign, o.* FROM old_rows o WHERE o.deleted_at IS NULL AND o.id <= w
      UNION ALL
      SELECT 1 AS sign, n.* FROM new_rows n WHERE n.deleted_at IS NULL AND n.id <= w
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
-- Forms cancelled, counted again or moved: only their guests up to the mark are logged.
CREATE OR REPLACE FUNCTION office_figures_forms_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE w bigint;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727031);
  SELECT guest_id INTO w FROM office_figures_folded;
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
        AND p0.id <= w
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
-- Every guest into the kept tables, the log emptied and the mark at the last guest. Takes personen
-- in SHARE mode first (no guest write in progress), then the figures' lock.
CREATE OR REPLACE FUNCTION office_figures_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE personen IN SHARE MODE;
  PERFORM pg_advisory_xact_lock(727031);
  DELETE FROM office_figures_log;
  DELETE FROM office_month_figures;
  DELETE FROM office_month_countries;
  UPDATE office_figures_folded SET guest_id = (SELECT coalesce(max(id), 0) FROM personen);
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
DROP FUNCTION office_figures_fold();
--> statement-breakpoint
-- The log and the guests from the mark up to `upto` into the kept tables, in one statement (rows
-- upserted in key order so two folds never wait on each other's rows crosswise), and the mark to
-- `upto`. `upto` must be an id up to which every guest is committed: taken under LOCK TABLE
-- personen IN SHARE MODE (foldMonthFigures takes it in its own short transaction; without an
-- argument the fold takes the lock itself and folds every guest). An `upto` at or below the mark
-- folds the log only. Returns the log rows and guests folded.
CREATE FUNCTION office_figures_fold(upto bigint DEFAULT NULL) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE folded bigint; w bigint;
BEGIN
  IF upto IS NULL THEN
    LOCK TABLE personen IN SHARE MODE;
    SELECT coalesce(max(id), 0) INTO upto FROM personen;
  END IF;
  -- Waits for changes that read the mark before (their guests are read below as committed).
  PERFORM pg_advisory_xact_lock(727031);
  SELECT guest_id INTO w FROM office_figures_folded FOR UPDATE;
  upto := greatest(w, upto);
  WITH d AS (
    DELETE FROM office_figures_log
    RETURNING gemeinde_id, month, objekt_id, tarif_id, beherberger_id, country, arrivals, nights,
      kurtaxe_cents
  ), u AS (
    SELECT m.gemeinde_id, date_trunc('month', p.arrival_date)::date AS month, m.objekt_id,
      p.tarif_id, m.beherberger_id, office_guest_country(m.gemeinde_id, p.fields) AS country,
      p.anzahl::bigint AS arrivals,
      (p.anzahl * (p.departure_date - p.arrival_date))::bigint AS nights,
      p.kurtaxe_calc_cents::bigint AS kurtaxe_cents
    FROM personen p JOIN meldescheine m ON m.id = p.meldeschein_id
    WHERE p.id > w AND p.id <= upto AND p.deleted_at IS NULL AND m.state <> 'cancelled'
  ), c AS (
    SELECT * FROM d UNION ALL SELECT * FROM u
  ), o AS (
    INSERT INTO office_month_figures AS t (gemeinde_id, month, objekt_id, tarif_id, beherberger_id,
      arrivals, nights, kurtaxe_cents)
    SELECT gemeinde_id, month, objekt_id, tarif_id, beherberger_id, sum(arrivals), sum(nights),
      sum(kurtaxe_cents)
    FROM c GROUP BY 1, 2, 3, 4, 5
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
    FROM c GROUP BY 1, 2, 3, 4
    HAVING sum(arrivals) <> 0 OR sum(nights) <> 0 OR sum(kurtaxe_cents) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (gemeinde_id, month, country, stripe) DO UPDATE SET
      arrivals = t.arrivals + excluded.arrivals, nights = t.nights + excluded.nights,
      kurtaxe_cents = t.kurtaxe_cents + excluded.kurtaxe_cents
  )
  SELECT count(*) INTO folded FROM c;
  UPDATE office_figures_folded SET guest_id = upto;
  RETURN folded;
END $$;
