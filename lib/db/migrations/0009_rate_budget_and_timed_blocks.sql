CREATE TABLE "incident_rate_slots" (
	"slot" bigint PRIMARY KEY NOT NULL,
	"calls" integer NOT NULL,
	"cap" integer NOT NULL,
	"allowed_per_minute" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timed_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"blocker_uid" text NOT NULL,
	"blocked_uid" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"set_by_operation_id" uuid NOT NULL,
	"set_by_id" uuid,
	"set_by_email" text NOT NULL,
	"set_by_role" text NOT NULL,
	"reason" text,
	"claimed_by" text,
	"claim_expires_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "block_jobs" ADD COLUMN "not_found_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "block_jobs" ADD COLUMN "block_for_seconds" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "timed_blocks_live_pair_idx" ON "timed_blocks" USING btree ("blocker_uid","blocked_uid") WHERE "timed_blocks"."status" in ('active', 'expiring');--> statement-breakpoint
CREATE INDEX "timed_blocks_due_idx" ON "timed_blocks" USING btree ("status","expires_at");