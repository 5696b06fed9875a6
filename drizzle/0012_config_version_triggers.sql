-- Every change of a municipality's configuration raises gemeinden.config_version, whoever writes it
-- (provisioning, the admin CLI, psql): the configuration call keeps its answer per municipality and
-- compares this number, read in the same statement as the caller's own rows, on every call.
CREATE FUNCTION gemeinde_config_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE gemeinden SET config_version = config_version + 1 WHERE id = OLD.gemeinde_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.gemeinde_id IS DISTINCT FROM OLD.gemeinde_id) THEN
    UPDATE gemeinden SET config_version = config_version + 1 WHERE id = NEW.gemeinde_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION tarif_rate_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE gemeinden SET config_version = config_version + 1
      WHERE id = (SELECT gemeinde_id FROM tarife WHERE id = OLD.tarif_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE gemeinden SET config_version = config_version + 1
      WHERE id = (SELECT gemeinde_id FROM tarife WHERE id = NEW.tarif_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION gemeinde_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.config_version := OLD.config_version + 1;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER gemeinden_config_version BEFORE UPDATE ON gemeinden
  FOR EACH ROW EXECUTE FUNCTION gemeinde_row_changed();
--> statement-breakpoint
CREATE TRIGGER ortsteile_config_version AFTER INSERT OR UPDATE OR DELETE ON ortsteile
  FOR EACH ROW EXECUTE FUNCTION gemeinde_config_changed();
--> statement-breakpoint
CREATE TRIGGER unterkunftsarten_config_version AFTER INSERT OR UPDATE OR DELETE ON unterkunftsarten
  FOR EACH ROW EXECUTE FUNCTION gemeinde_config_changed();
--> statement-breakpoint
CREATE TRIGGER tarifzonen_config_version AFTER INSERT OR UPDATE OR DELETE ON tarifzonen
  FOR EACH ROW EXECUTE FUNCTION gemeinde_config_changed();
--> statement-breakpoint
CREATE TRIGGER saisonzeiten_config_version AFTER INSERT OR UPDATE OR DELETE ON saisonzeiten
  FOR EACH ROW EXECUTE FUNCTION gemeinde_config_changed();
--> statement-breakpoint
CREATE TRIGGER tarife_config_version AFTER INSERT OR UPDATE OR DELETE ON tarife
  FOR EACH ROW EXECUTE FUNCTION gemeinde_config_changed();
--> statement-breakpoint
CREATE TRIGGER meldeschein_fields_config_version AFTER INSERT OR UPDATE OR DELETE ON meldeschein_fields
  FOR EACH ROW EXECUTE FUNCTION gemeinde_config_changed();
--> statement-breakpoint
CREATE TRIGGER tarif_rates_config_version AFTER INSERT OR UPDATE OR DELETE ON tarif_rates
  FOR EACH ROW EXECUTE FUNCTION tarif_rate_changed();
