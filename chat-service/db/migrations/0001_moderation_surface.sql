-- searchKey finds text anywhere in a message through a trigram index (PGlite loads pg_trgm itself).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "chat_flagged_messages" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_flagged_at" bigint NOT NULL,
	"reviewed_at" bigint
);
--> statement-breakpoint
CREATE TABLE "chat_group_bans" (
	"guid" text NOT NULL,
	"uid" text NOT NULL,
	"scope" text,
	"joined_at" bigint,
	"banned_at" bigint NOT NULL,
	"banned_by" text NOT NULL,
	CONSTRAINT "chat_group_bans_guid_uid_pk" PRIMARY KEY("guid","uid")
);
--> statement-breakpoint
CREATE TABLE "chat_message_flags" (
	"message_id" bigint NOT NULL,
	"uid" text NOT NULL,
	"reason_id" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"flagged_at" bigint NOT NULL,
	CONSTRAINT "chat_message_flags_message_id_uid_pk" PRIMARY KEY("message_id","uid")
);
--> statement-breakpoint
CREATE TABLE "chat_moderation_reasons" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_block_call_journal" ALTER COLUMN "blocker_uid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_block_call_journal" ADD COLUMN "path" text;--> statement-breakpoint
ALTER TABLE "chat_block_call_journal" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "deleted_at" bigint;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "has_links" boolean GENERATED ALWAYS AS (coalesce((data->>'text') ~* '(https?://|www[.])[^[:space:]]+', false)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "has_attachments" boolean GENERATED ALWAYS AS ((jsonb_exists(data, 'attachments') or type in ('image', 'video', 'audio', 'file'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_users" ADD COLUMN "deactivated_at" bigint;--> statement-breakpoint
ALTER TABLE "chat_flagged_messages" ADD CONSTRAINT "chat_flagged_messages_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_bans" ADD CONSTRAINT "chat_group_bans_guid_chat_groups_guid_fk" FOREIGN KEY ("guid") REFERENCES "public"."chat_groups"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_group_bans" ADD CONSTRAINT "chat_group_bans_uid_chat_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."chat_users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_flags" ADD CONSTRAINT "chat_message_flags_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_flags" ADD CONSTRAINT "chat_message_flags_uid_chat_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."chat_users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_message_flags" ADD CONSTRAINT "chat_message_flags_reason_id_chat_moderation_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."chat_moderation_reasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_flagged_messages_queue_idx" ON "chat_flagged_messages" USING btree ("status","last_flagged_at","message_id");--> statement-breakpoint
CREATE INDEX "chat_group_bans_time_idx" ON "chat_group_bans" USING btree ("guid","banned_at");--> statement-breakpoint
CREATE INDEX "chat_messages_time_idx" ON "chat_messages" USING btree ("sent_at","id");--> statement-breakpoint
CREATE INDEX "chat_messages_sender_time_idx" ON "chat_messages" USING btree ("sender","sent_at","id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_time_idx" ON "chat_messages" USING btree ("conversation_id","sent_at","id");--> statement-breakpoint
CREATE INDEX "chat_messages_category_time_idx" ON "chat_messages" USING btree ("category","sent_at","id");--> statement-breakpoint
CREATE INDEX "chat_messages_deleted_time_idx" ON "chat_messages" USING btree ("sent_at","id") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_links_time_idx" ON "chat_messages" USING btree ("sent_at","id") WHERE has_links;--> statement-breakpoint
CREATE INDEX "chat_messages_attachments_time_idx" ON "chat_messages" USING btree ("sent_at","id") WHERE has_attachments;--> statement-breakpoint
CREATE INDEX "chat_messages_text_trgm_idx" ON "chat_messages" USING gin ((data->>'text') gin_trgm_ops);;--> statement-breakpoint
-- The vendor's default reasons, which every app has from the start.
INSERT INTO "chat_moderation_reasons" ("id", "name", "description", "is_default", "created_at", "updated_at") VALUES
	('spam', 'Spam', 'Unwanted, repetitive or promotional content.', true, extract(epoch from now())::bigint, extract(epoch from now())::bigint),
	('harassment', 'Harassment', 'Bullying, threats or targeted abuse of a person.', true, extract(epoch from now())::bigint, extract(epoch from now())::bigint),
	('inappropriate', 'Inappropriate', 'Offensive, explicit or otherwise inappropriate content.', true, extract(epoch from now())::bigint, extract(epoch from now())::bigint)
ON CONFLICT ("id") DO NOTHING;