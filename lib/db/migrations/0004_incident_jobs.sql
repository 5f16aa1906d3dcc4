CREATE TABLE "block_job_chunks" (
	"job_id" uuid NOT NULL,
	"chunk_index" integer NOT NULL,
	"uids" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"claims" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"uncertain" boolean DEFAULT false NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcomes" jsonb,
	"last_error" text,
	"completed_at" timestamp with time zone,
	CONSTRAINT "block_job_chunks_job_id_chunk_index_pk" PRIMARY KEY("job_id","chunk_index")
);
--> statement-breakpoint
CREATE TABLE "block_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"purpose" text NOT NULL,
	"parent_job_id" uuid,
	"blocker_uid" text NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"total" integer NOT NULL,
	"chunk_size" integer NOT NULL,
	"concurrency" integer NOT NULL,
	"pre_blocked" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"done_count" integer DEFAULT 0 NOT NULL,
	"blocked_count" integer DEFAULT 0 NOT NULL,
	"already_blocked_count" integer DEFAULT 0 NOT NULL,
	"unblocked_count" integer DEFAULT 0 NOT NULL,
	"not_blocked_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"cancelled_count" integer DEFAULT 0 NOT NULL,
	"pause_until" timestamp with time zone,
	"last_error" text,
	"created_by_id" uuid,
	"created_by_email" text NOT NULL,
	"created_by_role" text NOT NULL,
	"operation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
-- The chat service's block-call journal, created here until issue 23, is the service's own (chat-service/db/migrations).
ALTER TABLE "block_job_chunks" ADD CONSTRAINT "block_job_chunks_job_id_block_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."block_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_job_chunks_claim_idx" ON "block_job_chunks" USING btree ("job_id","status","next_attempt_at");