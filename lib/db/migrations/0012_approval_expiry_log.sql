ALTER TABLE "block_jobs" ADD COLUMN "expiry_log_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "block_jobs" ADD COLUMN "expiry_logged_at" timestamp with time zone;--> statement-breakpoint
-- Requests that expired before this column existed had their entry written then.
UPDATE "block_jobs" SET "expiry_logged_at" = now() WHERE "status" = 'expired';
