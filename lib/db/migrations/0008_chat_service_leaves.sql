-- The chat_* tables left the console's schema for the embedded chat service's own
-- (chat-service/db/schema.ts, migrated by that service's start-up). drizzle-kit wrote DROP TABLE
-- for each of them here; that would destroy the service's users, conversations and blocks in every
-- existing database, so this migration only records the new snapshot and changes nothing.
SELECT 1;
