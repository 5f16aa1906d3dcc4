ALTER TABLE "audit_event_uids" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "audit_event_uids" ADD COLUMN "listed" boolean;--> statement-breakpoint
-- The rows already in the index take their entry's action and place in the table. The table is
-- append-only: its guard stands aside for this one statement of the migration.
ALTER TABLE "audit_event_uids" DISABLE TRIGGER "audit_event_uids_append_only";--> statement-breakpoint
UPDATE "audit_event_uids" AS "row" SET "action" = "entry"."action", "listed" = "entry"."parent_operation_id" IS NULL
FROM "audit_events" AS "entry" WHERE "entry"."seq" = "row"."seq";--> statement-breakpoint
ALTER TABLE "audit_event_uids" ENABLE TRIGGER "audit_event_uids_append_only";--> statement-breakpoint
ALTER TABLE "audit_event_uids" ALTER COLUMN "action" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_event_uids" ALTER COLUMN "listed" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_event_uids_action_idx" ON "audit_event_uids" USING btree ("uid","action","seq");--> statement-breakpoint
CREATE INDEX "audit_event_uids_listed_idx" ON "audit_event_uids" USING btree ("uid","seq") WHERE "audit_event_uids"."listed";
