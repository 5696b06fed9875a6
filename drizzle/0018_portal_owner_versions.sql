CREATE TABLE "portal_owner_versions" (
	"service_url" text NOT NULL,
	"username" text NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "portal_owner_versions_service_url_username_pk" PRIMARY KEY("service_url","username")
);
--> statement-breakpoint
-- Kept pages (decision 026): a rendered portal page is served again only while its owner's number
-- is the one it was rendered at. Every change to a table those pages read raises it, in the same
-- transaction, so no write path (actions, the index sync, the calendar rounds, a guest's check-in,
-- the retention sweeps, psql) can forget to. Raised once per transaction, as the configuration
-- versions are (0016): readers only ever see committed rows, so one raise is enough for every kept
-- page to differ from what it sees after the commit.
CREATE FUNCTION portal_owner_raise(owner_url text, owner_name text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO portal_owner_versions AS v (service_url, username) VALUES (owner_url, owner_name)
    ON CONFLICT (service_url, username) DO UPDATE SET version = v.version + 1
      WHERE v.xmin <> pg_current_xact_id()::xid;
END $$;
--> statement-breakpoint
CREATE FUNCTION portal_owner_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM portal_owner_raise(OLD.service_url, OLD.username);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE'
      AND (NEW.service_url, NEW.username) IS DISTINCT FROM (OLD.service_url, OLD.username)) THEN
    PERFORM portal_owner_raise(NEW.service_url, NEW.username);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A guest's check-in names its owner through its link.
CREATE FUNCTION portal_checkin_owner_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner record;
BEGIN
  FOR owner IN SELECT DISTINCT service_url, username FROM portal_checkin_links
    WHERE id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.link_id END,
                 CASE WHEN TG_OP <> 'DELETE' THEN NEW.link_id END)
  LOOP
    PERFORM portal_owner_raise(owner.service_url, owner.username);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER portal_forms_owner_changed AFTER INSERT OR UPDATE OR DELETE ON portal_forms
  FOR EACH ROW EXECUTE FUNCTION portal_owner_row_changed();
--> statement-breakpoint
CREATE TRIGGER portal_index_sync_owner_changed AFTER INSERT OR UPDATE OR DELETE ON portal_index_sync
  FOR EACH ROW EXECUTE FUNCTION portal_owner_row_changed();
--> statement-breakpoint
CREATE TRIGGER portal_planned_stays_owner_changed AFTER INSERT OR UPDATE OR DELETE ON portal_planned_stays
  FOR EACH ROW EXECUTE FUNCTION portal_owner_row_changed();
--> statement-breakpoint
CREATE TRIGGER portal_checkin_links_owner_changed AFTER INSERT OR UPDATE OR DELETE ON portal_checkin_links
  FOR EACH ROW EXECUTE FUNCTION portal_owner_row_changed();
--> statement-breakpoint
CREATE TRIGGER portal_checkins_owner_changed AFTER INSERT OR UPDATE OR DELETE ON portal_checkins
  FOR EACH ROW EXECUTE FUNCTION portal_checkin_owner_changed();
