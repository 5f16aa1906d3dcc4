CREATE TABLE "report_call_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_operation_id" uuid NOT NULL,
	"call" text NOT NULL,
	"uids" jsonb NOT NULL,
	"guid" text,
	"settle_after" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_index_state" (
	"id" text PRIMARY KEY NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_pass_started_at" timestamp with time zone,
	"last_pass_finished_at" timestamp with time zone,
	"last_pass_calls" integer,
	"last_error" text,
	"refresh_requested_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"message_id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"sender_uid" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_created_at" timestamp with time zone,
	"receiver_type" text NOT NULL,
	"receiver_id" text NOT NULL,
	"receiver_name" text NOT NULL,
	"text" text NOT NULL,
	"message" jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"reporters" jsonb NOT NULL,
	"reason_ids" text[] NOT NULL,
	"report_count" integer NOT NULL,
	"last_flagged_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision" text,
	"decision_reason" text,
	"decided_by_id" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"decision_operation_id" uuid,
	"settle_after" timestamp with time zone,
	"claimed_by_id" uuid,
	"claimed_by_name" text,
	"claim_expires_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"missed_passes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'deciding', 'decided', 'unknown', 'gone'))
);
--> statement-breakpoint
CREATE INDEX "report_call_settlements_due_idx" ON "report_call_settlements" USING btree ("settle_after") WHERE "report_call_settlements"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "reports_most_reported_idx" ON "reports" USING btree ("status","report_count" DESC NULLS LAST,"last_flagged_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_newest_idx" ON "reports" USING btree ("status","last_flagged_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reports_sender_idx" ON "reports" USING btree ("sender_uid","status");--> statement-breakpoint
CREATE INDEX "reports_receiver_idx" ON "reports" USING btree ("receiver_id","status");