CREATE TABLE "office_month_figures" (
	"gemeinde_id" integer NOT NULL,
	"month" date NOT NULL,
	"objekt_id" integer NOT NULL,
	"tarif_id" integer NOT NULL,
	"country" text NOT NULL,
	"beherberger_id" integer NOT NULL,
	"arrivals" bigint DEFAULT 0 NOT NULL,
	"nights" bigint DEFAULT 0 NOT NULL,
	"kurtaxe_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "office_month_figures_gemeinde_id_month_objekt_id_tarif_id_country_pk" PRIMARY KEY("gemeinde_id","month","objekt_id","tarif_id","country")
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
-- New guests (a booking's one statement, or guests added by an update): added to their month.
-- Rows are upserted in key order, so two statements never wait on each other's rows crosswise.
CREATE FUNCTION office_figures_guests_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO office_month_figures AS t (gemeinde_id, month, objekt_id, tarif_id, country,
    beherberger_id, arrivals, nights, kurtaxe_cents)
  SELECT m.gemeinde_id, date_trunc('month', p.arrival_date)::date, m.objekt_id, p.tarif_id,
    office_guest_country(m.gemeinde_id, p.fields), m.beherberger_id, sum(p.anzahl),
    sum(p.anzahl * (p.departure_date - p.arrival_date)), sum(p.kurtaxe_calc_cents)
  FROM new_rows p JOIN meldescheine m ON m.id = p.meldeschein_id
  WHERE p.deleted_at IS NULL AND m.state <> 'cancelled' AND m.anonymised_at IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (gemeinde_id, month, objekt_id, tarif_id, country) DO UPDATE SET
    arrivals = t.arrivals + excluded.arrivals, nights = t.nights + excluded.nights,
    kurtaxe_cents = t.kurtaxe_cents + excluded.kurtaxe_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Changed guests (dates, tariff, persons, Kurtaxe, country, deletion): the old row taken out, the
-- new one put in; a change that moves no figure (a name) writes nothing. Forms the retention sweep
-- erased are left alone: their figures stay as booked.
CREATE FUNCTION office_figures_guests_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO office_month_figures AS t (gemeinde_id, month, objekt_id, tarif_id, country,
    beherberger_id, arrivals, nights, kurtaxe_cents)
  SELECT m.gemeinde_id, date_trunc('month', c.arrival_date)::date, m.objekt_id, c.tarif_id,
    office_guest_country(m.gemeinde_id, c.fields), m.beherberger_id, sum(c.sign * c.anzahl),
    sum(c.sign * c.anzahl * (c.departure_date - c.arrival_date)),
    sum(c.sign * c.kurtaxe_calc_cents)
  FROM (
    SELECT -1 AS sign, o.meldeschein_id, o.tarif_id, o.anzahl, o.arrival_date, o.departure_date,
      o.kurtaxe_calc_cents, o.fields
    FROM old_rows o WHERE o.deleted_at IS NULL
    UNION ALL
    SELECT 1, n.meldeschein_id, n.tarif_id, n.anzahl, n.arrival_date, n.departure_date,
      n.kurtaxe_calc_cents, n.fields
    FROM new_rows n WHERE n.deleted_at IS NULL
  ) c JOIN meldescheine m ON m.id = c.meldeschein_id
  WHERE m.state <> 'cancelled' AND m.anonymised_at IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(c.sign * c.anzahl) <> 0 OR sum(c.sign * c.kurtaxe_calc_cents) <> 0
    OR sum(c.sign * c.anzahl * (c.departure_date - c.arrival_date)) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (gemeinde_id, month, objekt_id, tarif_id, country) DO UPDATE SET
    arrivals = t.arrivals + excluded.arrivals, nights = t.nights + excluded.nights,
    kurtaxe_cents = t.kurtaxe_cents + excluded.kurtaxe_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Forms cancelled (or counted again) or moved to another object: all their live guests taken out
-- of the old keys and put into the new ones. The departure sweep changes neither: nothing written.
CREATE FUNCTION office_figures_forms_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO office_month_figures AS t (gemeinde_id, month, objekt_id, tarif_id, country,
    beherberger_id, arrivals, nights, kurtaxe_cents)
  SELECT c.gemeinde_id, date_trunc('month', p.arrival_date)::date, c.objekt_id, p.tarif_id,
    office_guest_country(c.gemeinde_id, p.fields), c.beherberger_id, sum(c.sign * p.anzahl),
    sum(c.sign * p.anzahl * (p.departure_date - p.arrival_date)),
    sum(c.sign * p.kurtaxe_calc_cents)
  FROM (
    SELECT -1 AS sign, o.id, o.gemeinde_id, o.objekt_id, o.beherberger_id
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.state <> 'cancelled' AND o.anonymised_at IS NULL AND (n.state = 'cancelled'
      OR (n.gemeinde_id, n.objekt_id, n.beherberger_id) <> (o.gemeinde_id, o.objekt_id, o.beherberger_id))
    UNION ALL
    SELECT 1, n.id, n.gemeinde_id, n.objekt_id, n.beherberger_id
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.state <> 'cancelled' AND n.anonymised_at IS NULL AND (o.state = 'cancelled'
      OR (n.gemeinde_id, n.objekt_id, n.beherberger_id) <> (o.gemeinde_id, o.objekt_id, o.beherberger_id))
  ) c JOIN personen p ON p.meldeschein_id = c.id AND p.deleted_at IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(c.sign * p.anzahl) <> 0 OR sum(c.sign * p.kurtaxe_calc_cents) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (gemeinde_id, month, objekt_id, tarif_id, country) DO UPDATE SET
    arrivals = t.arrivals + excluded.arrivals, nights = t.nights + excluded.nights,
    kurtaxe_cents = t.kurtaxe_cents + excluded.kurtaxe_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
INSERT INTO office_month_figures (gemeinde_id, month, objekt_id, tarif_id, country, beherberger_id,
  arrivals, nights, kurtaxe_cents)
SELECT m.gemeinde_id, date_trunc('month', p.arrival_date)::date, m.objekt_id, p.tarif_id,
  office_guest_country(m.gemeinde_id, p.fields), m.beherberger_id, sum(p.anzahl),
  sum(p.anzahl * (p.departure_date - p.arrival_date)), sum(p.kurtaxe_calc_cents)
FROM personen p JOIN meldescheine m ON m.id = p.meldeschein_id
WHERE p.deleted_at IS NULL AND m.state <> 'cancelled'
GROUP BY 1, 2, 3, 4, 5, 6;
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
