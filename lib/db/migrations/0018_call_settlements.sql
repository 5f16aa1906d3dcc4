CREATE TABLE "call_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"operation_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target" text,
	"items" jsonb NOT NULL,
	"affected_uids" jsonb NOT NULL,
	"settle_after" timestamp with time zone NOT NULL,
	"expires_in_seconds" integer,
	"set_by_id" uuid,
	"set_by_email" text NOT NULL,
	"set_by_role" text NOT NULL,
	"reason" text,
	"claimed_by" text,
	"claim_expires_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Lost answers of every kind settle from one table: the workspace's and the expiries' blocks and unblocks,
-- the reports queue's bans and deactivations, and its reviews still unknown (until now settled from the
-- reports' own rows) move here, settled or not, before their old tables go.
INSERT INTO "call_settlements" ("id", "kind", "operation_id", "action", "target", "items", "affected_uids", "settle_after", "expires_in_seconds", "set_by_id", "set_by_email", "set_by_role", "reason", "claimed_by", "claim_expires_at", "settled_at", "created_at")
SELECT "id", "verb", "operation_id", 'users.block.settle', "blocker_uid", "uids", jsonb_build_array("blocker_uid") || "uids", "settle_after", "expires_in_seconds", "set_by_id", "set_by_email", "set_by_role", "reason", "claimed_by", "claim_expires_at", "settled_at", "created_at"
FROM "block_settlements";--> statement-breakpoint
INSERT INTO "call_settlements" ("id", "kind", "operation_id", "action", "target", "items", "affected_uids", "settle_after", "set_by_email", "set_by_role", "settled_at", "created_at")
SELECT "id", "call", "parent_operation_id", 'report.settle', "guid", "uids", "uids", "settle_after", 'system', 'system', "settled_at", "created_at"
FROM "report_call_settlements";--> statement-breakpoint
INSERT INTO "call_settlements" ("kind", "operation_id", "action", "target", "items", "affected_uids", "settle_after", "set_by_email", "set_by_role")
SELECT 'review', "decision_operation_id", 'report.settle', "message_id", jsonb_build_array("sender_uid"), jsonb_build_array("sender_uid"), "settle_after", 'system', 'system'
FROM "reports" WHERE "status" = 'unknown' AND "decision_operation_id" IS NOT NULL AND "settle_after" IS NOT NULL;--> statement-breakpoint
DROP TABLE "block_settlements" CASCADE;--> statement-breakpoint
DROP TABLE "report_call_settlements" CASCADE;--> statement-breakpoint
CREATE INDEX "call_settlements_due_idx" ON "call_settlements" USING btree ("settle_after") WHERE "call_settlements"."settled_at" is null;