CREATE TABLE "audit_events" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"id" uuid NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"operation_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"actor_role" text,
	"action" text NOT NULL,
	"target_uid" text,
	"on_behalf_of" text,
	"reason" text,
	"request_body" jsonb,
	"outcome" text NOT NULL,
	"http_status" integer,
	"error_code" text,
	"summary" jsonb,
	"duration_ms" integer,
	"ip" text,
	"user_agent" text,
	"request_id" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_events_id_unique" UNIQUE("id"),
	CONSTRAINT "audit_events_outcome_check" CHECK ("audit_events"."outcome" in ('requested', 'succeeded', 'failed', 'partial'))
);
--> statement-breakpoint
CREATE INDEX "audit_events_operation_idx" ON "audit_events" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","seq");--> statement-breakpoint
CREATE INDEX "audit_events_actor_email_idx" ON "audit_events" USING btree ("actor_email","seq");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","seq");--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_uid","seq");--> statement-breakpoint
CREATE INDEX "audit_events_outcome_idx" ON "audit_events" USING btree ("outcome","seq");--> statement-breakpoint
CREATE INDEX "audit_events_time_idx" ON "audit_events" USING btree ("occurred_at");