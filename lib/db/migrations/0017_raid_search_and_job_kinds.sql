CREATE TABLE "raid_search_messages" (
	"search_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"sender" text NOT NULL,
	"sent_at" bigint NOT NULL,
	CONSTRAINT "raid_search_messages_search_id_message_id_pk" PRIMARY KEY("search_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "raid_search_senders" (
	"search_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	"account_created_at" bigint,
	"messages" integer NOT NULL,
	"first_at" bigint NOT NULL,
	"last_at" bigint NOT NULL,
	"sample" text NOT NULL,
	CONSTRAINT "raid_search_senders_search_id_uid_pk" PRIMARY KEY("search_id","uid")
);
--> statement-breakpoint
CREATE TABLE "raid_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"cursors" jsonb NOT NULL,
	"scanned" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"last_error" text,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_by_email" text NOT NULL,
	"created_by_role" text NOT NULL,
	"operation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "block_jobs" ALTER COLUMN "blocker_uid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "block_jobs" ADD COLUMN "group_guid" text;--> statement-breakpoint
ALTER TABLE "block_jobs" ADD COLUMN "search_id" uuid;--> statement-breakpoint
ALTER TABLE "block_jobs" ADD COLUMN "changed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "block_jobs" ADD COLUMN "unchanged_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "raid_search_messages" ADD CONSTRAINT "raid_search_messages_search_id_raid_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."raid_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raid_search_senders" ADD CONSTRAINT "raid_search_senders_search_id_raid_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."raid_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "raid_search_messages_sender_idx" ON "raid_search_messages" USING btree ("search_id","sender");--> statement-breakpoint
CREATE INDEX "raid_search_senders_count_idx" ON "raid_search_senders" USING btree ("search_id","messages","uid");--> statement-breakpoint
CREATE INDEX "raid_searches_status_idx" ON "raid_searches" USING btree ("status","created_at");