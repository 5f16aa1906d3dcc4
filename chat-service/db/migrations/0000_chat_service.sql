-- Databases that ran the console's migrations before the chat service had its own already hold these
-- tables (and their data): every statement here leaves what exists as it is.
CREATE TABLE IF NOT EXISTS "chat_block_call_journal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"blocker_uid" text NOT NULL,
	"uids" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "chat_blocks" (
	"blocker_uid" text NOT NULL,
	"blocked_uid" text NOT NULL,
	"blocked_at" bigint NOT NULL,
	CONSTRAINT "chat_blocks_blocker_uid_blocked_uid_pk" PRIMARY KEY("blocker_uid","blocked_uid")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "chat_conversation_states" (
	"owner_uid" text NOT NULL,
	"conversation_id" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"unread_message_count" integer DEFAULT 0 NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "chat_conversation_states_owner_uid_conversation_id_pk" PRIMARY KEY("owner_uid","conversation_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "chat_group_members" (
	"guid" text NOT NULL,
	"uid" text NOT NULL,
	"scope" text DEFAULT 'participant' NOT NULL,
	"joined_at" bigint NOT NULL,
	CONSTRAINT "chat_group_members_guid_uid_pk" PRIMARY KEY("guid","uid")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "chat_groups" (
	"guid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'public' NOT NULL,
	"owner" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"sender" text NOT NULL,
	"receiver_type" text NOT NULL,
	"receiver" text NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"receipts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "chat_users" (
	"uid" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"avatar" text,
	"link" text,
	"role" text DEFAULT 'default' NOT NULL,
	"status" text DEFAULT 'offline' NOT NULL,
	"metadata" jsonb,
	"created_at" bigint NOT NULL,
	"updated_at" bigint
);
--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_blocker_uid_chat_users_uid_fk" FOREIGN KEY ("blocker_uid") REFERENCES "public"."chat_users"("uid") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "chat_blocks" ADD CONSTRAINT "chat_blocks_blocked_uid_chat_users_uid_fk" FOREIGN KEY ("blocked_uid") REFERENCES "public"."chat_users"("uid") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "chat_conversation_states" ADD CONSTRAINT "chat_conversation_states_owner_uid_chat_users_uid_fk" FOREIGN KEY ("owner_uid") REFERENCES "public"."chat_users"("uid") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "chat_group_members" ADD CONSTRAINT "chat_group_members_guid_chat_groups_guid_fk" FOREIGN KEY ("guid") REFERENCES "public"."chat_groups"("guid") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "chat_group_members" ADD CONSTRAINT "chat_group_members_uid_chat_users_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."chat_users"("uid") ON DELETE cascade ON UPDATE no action;
EXCEPTION WHEN duplicate_object THEN NULL;
END $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chat_blocks_blocker_time_idx" ON "chat_blocks" USING btree ("blocker_uid","blocked_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chat_group_members_uid_idx" ON "chat_group_members" USING btree ("uid");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");