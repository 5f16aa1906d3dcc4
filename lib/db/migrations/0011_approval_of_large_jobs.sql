ALTER TABLE "block_jobs" ADD COLUMN "approval_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "block_jobs" ADD COLUMN "break_glass" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "block_jobs" ADD COLUMN "request_preview" jsonb;--> statement-breakpoint
ALTER TABLE "block_jobs" ADD COLUMN "decided_by_id" uuid;--> statement-breakpoint
ALTER TABLE "block_jobs" ADD COLUMN "decided_by_email" text;--> statement-breakpoint
ALTER TABLE "block_jobs" ADD COLUMN "decided_by_role" text;--> statement-breakpoint
ALTER TABLE "block_jobs" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "block_jobs" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "block_jobs_status_idx" ON "block_jobs" USING btree ("status","approval_expires_at");