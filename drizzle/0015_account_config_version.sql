-- A configuration version per account (issue 19): raised on every change of what the account's
-- configuration call answers (its user row, its links to landlords, those landlords and their
-- objects, and the municipalities they are in), whoever writes it. An unchanged call then reads
-- this one number and answers what it kept; any change shows at the next call on every instance.
ALTER TABLE "users" ADD COLUMN "config_version" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION user_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.config_version = OLD.config_version THEN
    NEW.config_version := OLD.config_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_config_version BEFORE UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION user_row_changed();
--> statement-breakpoint
CREATE FUNCTION user_link_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE users SET config_version = config_version + 1 WHERE id = OLD.user_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    UPDATE users SET config_version = config_version + 1 WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_beherberger_config_version AFTER INSERT OR UPDATE OR DELETE ON user_beherberger
  FOR EACH ROW EXECUTE FUNCTION user_link_changed();
--> statement-breakpoint
CREATE FUNCTION landlord_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET config_version = config_version + 1
    WHERE id IN (SELECT user_id FROM user_beherberger WHERE beherberger_id = OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER beherberger_config_version AFTER UPDATE OR DELETE ON beherberger
  FOR EACH ROW EXECUTE FUNCTION landlord_changed();
--> statement-breakpoint
CREATE FUNCTION object_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET config_version = config_version + 1
    WHERE id IN (SELECT user_id FROM user_beherberger
      WHERE beherberger_id IN (
        CASE WHEN TG_OP <> 'INSERT' THEN OLD.beherberger_id END,
        CASE WHEN TG_OP <> 'DELETE' THEN NEW.beherberger_id END));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER objekte_config_version AFTER INSERT OR UPDATE OR DELETE ON objekte
  FOR EACH ROW EXECUTE FUNCTION object_changed();
--> statement-breakpoint
-- A municipality's version is raised by every change of its configuration (0012): the accounts
-- whose landlords are in it, or have an object in one of its zones, follow. (Not `UPDATE OF
-- config_version`: that fires only when the statement sets it, not when 0012's trigger does.)
CREATE FUNCTION gemeinde_version_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET config_version = config_version + 1
    WHERE id IN (SELECT ub.user_id FROM user_beherberger ub
      JOIN beherberger b ON b.id = ub.beherberger_id
      WHERE b.gemeinde_id = NEW.id
        OR EXISTS (SELECT 1 FROM objekte o JOIN tarifzonen z ON z.id = o.tarifzone_id
          WHERE o.beherberger_id = b.id AND z.gemeinde_id = NEW.id));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER gemeinden_account_versions AFTER UPDATE ON gemeinden
  FOR EACH ROW EXECUTE FUNCTION gemeinde_version_changed();
