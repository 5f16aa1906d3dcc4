-- The UID index stays append-only, but for one kind of row: a row whose entry is no longer in the log
-- (someone removed entries from its end) indexes nothing, and the next append removes it, so that it
-- neither collides with the new entry at that number nor files that entry under the removed one's UIDs.
CREATE FUNCTION audit_index_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM audit_events WHERE seq = OLD.seq) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
DROP TRIGGER audit_event_uids_append_only ON audit_event_uids;
--> statement-breakpoint
CREATE TRIGGER audit_event_uids_append_only
  BEFORE UPDATE OR DELETE ON audit_event_uids
  FOR EACH ROW EXECUTE FUNCTION audit_index_refuse_change();
