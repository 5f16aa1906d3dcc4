CREATE TABLE "blocked_index_state" (
	"id" text PRIMARY KEY NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"last_pass_started_at" timestamp with time zone,
	"last_pass_finished_at" timestamp with time zone,
	"last_pass_calls" integer,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "blocked_messages" (
	"message_id" text PRIMARY KEY NOT NULL,
	"rule_id" text NOT NULL,
	"rule_name" text NOT NULL,
	"revision_id" text NOT NULL,
	"condition" jsonb NOT NULL,
	"action" text NOT NULL,
	"sender_uid" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_created_at" timestamp with time zone,
	"receiver_type" text NOT NULL,
	"receiver_id" text NOT NULL,
	"receiver_name" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone,
	"blocked_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by_id" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"decision_operation_id" uuid,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"missed_passes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "blocked_messages_status_check" CHECK ("blocked_messages"."status" in ('pending', 'deciding', 'delivered', 'kept', 'gone'))
);
--> statement-breakpoint
CREATE TABLE "raid_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guid" text NOT NULL,
	"group_name" text NOT NULL,
	"messages" integer NOT NULL,
	"senders" integer NOT NULL,
	"blocked" integer NOT NULL,
	"reported" integer NOT NULL,
	"window_minutes" integer NOT NULL,
	"per_minute" jsonb NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"dismissed_by_id" uuid,
	"dismissed_by_name" text,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "raid_alerts_status_check" CHECK ("raid_alerts"."status" in ('open', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "rule_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" text,
	"definition" jsonb NOT NULL,
	"definition_key" text NOT NULL,
	"window_hours" integer NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone NOT NULL,
	"messages_read" integer NOT NULL,
	"calls" integer NOT NULL,
	"matched" integer NOT NULL,
	"senders" integer NOT NULL,
	"older_senders" integer NOT NULL,
	"samples" jsonb NOT NULL,
	"per_hour" jsonb NOT NULL,
	"tested_by_id" uuid NOT NULL,
	"tested_by_name" text NOT NULL,
	"tested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"operation_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE INDEX "blocked_messages_newest_idx" ON "blocked_messages" USING btree ("status","blocked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blocked_messages_sender_idx" ON "blocked_messages" USING btree ("sender_uid","status");--> statement-breakpoint
CREATE INDEX "blocked_messages_receiver_idx" ON "blocked_messages" USING btree ("receiver_id","blocked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "blocked_messages_rule_idx" ON "blocked_messages" USING btree ("rule_id","blocked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "raid_alerts_open_idx" ON "raid_alerts" USING btree ("guid") WHERE "raid_alerts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "raid_alerts_newest_idx" ON "raid_alerts" USING btree ("raised_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rule_tests_rule_idx" ON "rule_tests" USING btree ("rule_id","tested_at" DESC NULLS LAST);