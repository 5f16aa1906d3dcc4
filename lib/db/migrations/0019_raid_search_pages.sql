CREATE TABLE "raid_search_pages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"search_id" uuid NOT NULL,
	"messages" json NOT NULL
);
--> statement-breakpoint
ALTER TABLE "raid_search_pages" ADD CONSTRAINT "raid_search_pages_search_id_raid_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."raid_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "raid_search_pages_search_idx" ON "raid_search_pages" USING btree ("search_id");