import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { ruleTests, type TestedDefinition } from "@/lib/db/schema";
import type { RuleTestResult } from "./rule-test";

export type RuleTest = typeof ruleTests.$inferSelect;

/** Records a test: the rule as tested, its window and what it found. */
export async function insertRuleTest(
  db: Database,
  test: {
    ruleId: string | null;
    definition: TestedDefinition;
    definitionKey: string;
    windowHours: number;
    result: RuleTestResult;
    tester: { id: string; name: string };
    operationId: string;
  },
): Promise<RuleTest> {
  const { result } = test;
  const [row] = await db
    .insert(ruleTests)
    .values({
      ruleId: test.ruleId,
      definition: test.definition,
      definitionKey: test.definitionKey,
      windowHours: test.windowHours,
      fromAt: result.fromAt,
      toAt: result.toAt,
      messagesRead: result.messagesRead,
      calls: result.calls,
      matched: result.matched,
      senders: result.senders,
      olderSenders: result.olderSenders,
      samples: result.samples,
      perHour: result.perHour,
      testedById: test.tester.id,
      testedByName: test.tester.name,
      operationId: test.operationId,
    })
    .returning();
  return row!;
}

/** Each rule's latest test, by rule id. */
export async function latestTestsOf(db: Database, ruleIds: string[]): Promise<Map<string, RuleTest>> {
  if (ruleIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([ruleTests.ruleId])
    .from(ruleTests)
    .where(inArray(ruleTests.ruleId, ruleIds))
    .orderBy(ruleTests.ruleId, desc(ruleTests.testedAt));
  return new Map(rows.map((row) => [row.ruleId!, row]));
}

/** The latest test of the rule as it is now (`definitionKey`), if any: what "Enable" shows and logs. */
export async function latestTestOfDefinition(
  db: Database,
  ruleId: string | null,
  definitionKey: string,
): Promise<RuleTest | undefined> {
  const [row] = await db
    .select()
    .from(ruleTests)
    .where(
      and(
        ruleId === null ? isNull(ruleTests.ruleId) : eq(ruleTests.ruleId, ruleId),
        eq(ruleTests.definitionKey, definitionKey),
      ),
    )
    .orderBy(desc(ruleTests.testedAt))
    .limit(1);
  return row;
}

/** A new rule's tests, made before it had an id, become its own once it is saved. */
export async function adoptDraftTests(db: Database, ruleId: string, definitionKey: string, testerId: string) {
  await db
    .update(ruleTests)
    .set({ ruleId })
    .where(
      and(
        isNull(ruleTests.ruleId),
        eq(ruleTests.definitionKey, definitionKey),
        eq(ruleTests.testedById, testerId),
        sql`${ruleTests.testedAt} > now() - interval '1 day'`,
      ),
    );
}

/** What the log and the confirmation say of a test. */
export const testSummaryOf = (test: RuleTest) => ({
  testId: test.id,
  windowHours: test.windowHours,
  testedAt: test.testedAt.toISOString(),
  messagesRead: test.messagesRead,
  matched: test.matched,
  senders: test.senders,
  olderSenders: test.olderSenders,
});
