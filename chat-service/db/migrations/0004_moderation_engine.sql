CREATE TABLE "chat_blocked_messages" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"sender" text NOT NULL,
	"receiver_type" text NOT NULL,
	"receiver" text NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"sent_at" bigint NOT NULL,
	"rule_id" text NOT NULL,
	"rule_name" text NOT NULL,
	"revision_id" text NOT NULL,
	"condition" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"reviewed_at" bigint,
	"record_source" text GENERATED ALWAYS AS (chat_message_record_source(message_id, conversation_id, sender, receiver_type, receiver, category, type, data, '[]'::jsonb, sent_at, sent_at, null::bigint, null::text)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_keyword_lists" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"is_csv" boolean DEFAULT false NOT NULL,
	"search_terms" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_moderation_rule_revisions" (
	"rule_id" text NOT NULL,
	"revision" integer NOT NULL,
	"record" jsonb NOT NULL,
	CONSTRAINT "chat_moderation_rule_revisions_rule_id_revision_pk" PRIMARY KEY("rule_id","revision")
);
--> statement-breakpoint
CREATE TABLE "chat_moderation_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"position" bigserial NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean NOT NULL,
	"conditions" jsonb NOT NULL,
	"filters" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_moderation_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chat_blocked_messages_queue_idx" ON "chat_blocked_messages" USING btree ("status","created_at","message_id");--> statement-breakpoint
CREATE INDEX "chat_blocked_messages_reviewed_idx" ON "chat_blocked_messages" USING btree ("status","reviewed_at","message_id");--> statement-breakpoint
-- The one row every change of a rule or a list moves on (schema.ts, chatModerationVersion).
INSERT INTO "chat_moderation_version" ("id", "version") VALUES (1, 0);