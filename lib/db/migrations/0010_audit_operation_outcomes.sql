CREATE TABLE "audit_operation_outcomes" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_operation_outcomes_outcome_idx" ON "audit_operation_outcomes" USING btree ("outcome","seq");--> statement-breakpoint
-- Every operation already in the log: its completion's outcome where it has one, else its own.
INSERT INTO "audit_operation_outcomes" ("seq", "outcome")
SELECT "first"."seq", coalesce((
  SELECT "completion"."outcome" FROM "audit_events" AS "completion"
  WHERE "completion"."operation_id" = "first"."operation_id" AND "completion"."completes_operation"
  ORDER BY "completion"."seq" DESC LIMIT 1), "first"."outcome")
FROM "audit_events" AS "first"
WHERE NOT "first"."completes_operation";
