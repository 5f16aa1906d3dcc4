ALTER TABLE "chat_blocks" DROP CONSTRAINT IF EXISTS "chat_blocks_blocker_uid_chat_users_uid_fk";
--> statement-breakpoint
ALTER TABLE "chat_blocks" DROP CONSTRAINT IF EXISTS "chat_blocks_blocked_uid_chat_users_uid_fk";
