-- The configuration versions (0012, 0015) are raised once per transaction, not once per changed
-- row: a reader only ever sees committed rows, so one raise per transaction is enough for every
-- kept answer to differ from what it sees after the commit. Before, a transaction that changed n
-- rows of a municipality's configuration updated its row n times and every account in it n times
-- (a season table edited in psql for a municipality of a thousand landlords: n thousand updates
-- of the users' rows, each locked until the commit).
-- A row this transaction already wrote has it as its xmin (a row written inside a savepoint has
-- the savepoint's own id and is raised once more, which is harmless); a row it inserted needs no
-- raise, since no one can have kept an answer for it.
CREATE OR REPLACE FUNCTION gemeinde_config_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE gemeinden SET config_version = config_version + 1
      WHERE id = OLD.gemeinde_id AND gemeinden.xmin <> pg_current_xact_id()::xid;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.gemeinde_id IS DISTINCT FROM OLD.gemeinde_id) THEN
    UPDATE gemeinden SET config_version = config_version + 1
      WHERE id = NEW.gemeinde_id AND gemeinden.xmin <> pg_current_xact_id()::xid;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tarif_rate_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE gemeinden SET config_version = config_version + 1
      WHERE id = (SELECT gemeinde_id FROM tarife WHERE id = OLD.tarif_id)
        AND gemeinden.xmin <> pg_current_xact_id()::xid;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE gemeinden SET config_version = config_version + 1
      WHERE id = (SELECT gemeinde_id FROM tarife WHERE id = NEW.tarif_id)
        AND gemeinden.xmin <> pg_current_xact_id()::xid;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_link_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE users SET config_version = config_version + 1
      WHERE id = OLD.user_id AND users.xmin <> pg_current_xact_id()::xid;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    UPDATE users SET config_version = config_version + 1
      WHERE id = NEW.user_id AND users.xmin <> pg_current_xact_id()::xid;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION landlord_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET config_version = config_version + 1
    WHERE id IN (SELECT user_id FROM user_beherberger WHERE beherberger_id = OLD.id)
      AND users.xmin <> pg_current_xact_id()::xid;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION object_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET config_version = config_version + 1
    WHERE id IN (SELECT user_id FROM user_beherberger
      WHERE beherberger_id IN (
        CASE WHEN TG_OP <> 'INSERT' THEN OLD.beherberger_id END,
        CASE WHEN TG_OP <> 'DELETE' THEN NEW.beherberger_id END))
      AND users.xmin <> pg_current_xact_id()::xid;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION gemeinde_version_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET config_version = config_version + 1
    WHERE id IN (SELECT ub.user_id FROM user_beherberger ub
      JOIN beherberger b ON b.id = ub.beherberger_id
      WHERE b.gemeinde_id = NEW.id
        OR EXISTS (SELECT 1 FROM objekte o JOIN tarifzonen z ON z.id = o.tarifzone_id
          WHERE o.beherberger_id = b.id AND z.gemeinde_id = NEW.id))
      AND users.xmin <> pg_current_xact_id()::xid;
  RETURN NULL;
END $$;
