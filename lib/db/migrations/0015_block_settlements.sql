CREATE TABLE "block_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"operation_id" uuid NOT NULL,
	"blocker_uid" text NOT NULL,
	"verb" text NOT NULL,
	"uids" jsonb NOT NULL,
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
CREATE INDEX "block_settlements_due_idx" ON "block_settlements" USING btree ("settle_after") WHERE "block_settlements"."settled_at" is null;