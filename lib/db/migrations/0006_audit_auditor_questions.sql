CREATE TABLE "audit_checkpoints" (
	"size" bigint PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"hash" text NOT NULL,
	"signed_at" timestamp (3) with time zone NOT NULL,
	"note" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_event_uids" (
	"uid" text NOT NULL,
	"seq" bigint NOT NULL,
	CONSTRAINT "audit_event_uids_uid_seq_pk" PRIMARY KEY("uid","seq")
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "affected" jsonb;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "completes_operation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "parent_operation_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_event_uids_seq_idx" ON "audit_event_uids" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "audit_events_parent_idx" ON "audit_events" USING btree ("parent_operation_id","seq");--> statement-breakpoint
CREATE INDEX "audit_events_listed_idx" ON "audit_events" USING btree ("seq") WHERE not "audit_events"."completes_operation" and "audit_events"."parent_operation_id" is null;--> statement-breakpoint
-- The side tables of the log are as append-only as the log itself.
CREATE FUNCTION audit_side_table_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_event_uids_append_only
  BEFORE UPDATE OR DELETE ON audit_event_uids
  FOR EACH ROW EXECUTE FUNCTION audit_side_table_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_event_uids_no_truncate
  BEFORE TRUNCATE ON audit_event_uids
  FOR EACH STATEMENT EXECUTE FUNCTION audit_side_table_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_append_only
  BEFORE UPDATE OR DELETE ON audit_checkpoints
  FOR EACH ROW EXECUTE FUNCTION audit_side_table_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_checkpoints_no_truncate
  BEFORE TRUNCATE ON audit_checkpoints
  FOR EACH STATEMENT EXECUTE FUNCTION audit_side_table_refuse_change();
