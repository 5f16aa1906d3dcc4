-- Until issue 23 this migration created the embedded chat service's tables (chat_*) as well. They are
-- the service's own: its migrations (chat-service/db/migrations, recorded in
-- drizzle.__chat_service_migrations) create them, after the console's, in the same database. A database
-- that ran the old text keeps its tables and their data, which the service's first migration finds and
-- leaves as they are (tests/integration/migrations-handover.test.ts). Drizzle applies a migration once,
-- by its time stamp: a database that applied the old text does not run this one.
SELECT 1;
