-- The messages searches matched before 0019, a row each, become one row of pages a search.
INSERT INTO "raid_search_pages" ("search_id", "messages")
SELECT "search_id", json_agg(json_build_array("message_id", "sender", "sent_at") ORDER BY "sent_at", "message_id")
FROM "raid_search_messages"
GROUP BY "search_id";--> statement-breakpoint
DROP TABLE "raid_search_messages" CASCADE;
