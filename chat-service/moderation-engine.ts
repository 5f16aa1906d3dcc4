import { asc, eq, sql } from "drizzle-orm";
import { compileRules, type CompiledRules } from "@/lib/rule-matching/compile-rules";
import type { KeywordListTerms, MatchableRule, RuleCondition, RuleFilter } from "@/lib/rule-matching/types";
import type { ChatDatabase, ChatStore } from "./db/client";
import { chatKeywordLists, chatModerationRuleRevisions, chatModerationRules, chatModerationVersion } from "./db/schema";
import { DEFAULT_RULES, PROFANITY_LIST } from "./moderation-defaults";
import { revisionIdOf, ruleRecord } from "./rule-records";
import { chatStore } from "./service";

/**
 * The rules every send is checked against, compiled once (lib/rule-matching) and kept while nothing
 * changed. On PostgreSQL several processes may serve one database: each send reads the version row
 * (schema.ts `chatModerationVersion`), one indexed read, so that a change made through another
 * process is applied too. A PGlite database has one process, this one: the count of changes it
 * committed is enough, and a send spares the read (measured: 15% of PGlite's sends a second).
 */

type Compiled = { store: ChatStore; version: number; rules: CompiledRules };
let compiled: Compiled | undefined;
let loading: Promise<Compiled> | undefined;

const versionStatement = {
  name: "chat_moderation_version_read",
  text: "select version from chat_moderation_version where id = 1",
};

let committedChanges = 0;

/** Moves the version on, in the transaction of a change. */
async function bumpModerationVersion(db: ChatDatabase): Promise<void> {
  await db
    .update(chatModerationVersion)
    .set({ version: sql`${chatModerationVersion.version} + 1` })
    .where(eq(chatModerationVersion.id, 1));
}

async function loadMatchable(db: ChatDatabase): Promise<{ rules: MatchableRule[]; lists: KeywordListTerms[] }> {
  const rules = await db.select().from(chatModerationRules).orderBy(asc(chatModerationRules.position));
  const lists = await db.select().from(chatKeywordLists);
  return {
    rules: rules.map((rule) => ({
      id: rule.id,
      name: rule.name,
      revisionId: revisionIdOf(rule.id, rule.revision),
      enabled: rule.enabled,
      action: rule.action as MatchableRule["action"],
      conditions: rule.conditions as RuleCondition[],
      filters: rule.filters as RuleFilter[],
    })),
    lists: lists.map((list) => ({
      id: list.id,
      category: list.category as KeywordListTerms["category"],
      searchTerms: list.searchTerms,
    })),
  };
}

/** Runs a change of rules or lists in a transaction that moves the version on, and counts it once committed. */
export async function changeModeration<T>(change: (db: ChatDatabase) => Promise<T>): Promise<T> {
  const result = await chatStore().db.transaction(async (tx) => {
    const db = tx as unknown as ChatDatabase;
    const changed = await change(db);
    await bumpModerationVersion(db);
    return changed;
  });
  committedChanges += 1;
  return result;
}

async function load(store: ChatStore, version: number): Promise<Compiled> {
  const { rules, lists } = await loadMatchable(store.db);
  return { store, version, rules: compileRules(rules, lists) };
}

/** The rules in force, compiled; read outside a send's transaction (PGlite has one connection). */
export async function currentRules(): Promise<CompiledRules> {
  const store = chatStore();
  let version = committedChanges;
  if (store.kind === "postgres") {
    const [row] = await store.run<{ version: number }>(versionStatement, []);
    version = Number(row?.version ?? 0);
  }
  if (compiled?.store === store && compiled.version === version) return compiled.rules;
  loading ??= load(store, version).finally(() => {
    loading = undefined;
  });
  const fresh = await loading;
  if (fresh.store === store && (!compiled || compiled.store !== store || fresh.version >= compiled.version))
    compiled = fresh;
  return fresh.rules;
}

/**
 * The vendor's default list and rules, made on the service's first start on a database (and on one
 * made before the engine existed). Idempotent: two processes starting at once make them once.
 */
export async function ensureModerationDefaults(db: ChatDatabase, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const database = tx as unknown as ChatDatabase;
    const madeList = await database
      .insert(chatKeywordLists)
      .values({
        ...PROFANITY_LIST,
        searchTerms: [...PROFANITY_LIST.searchTerms],
        isDefault: true,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: chatKeywordLists.id });
    const rows = DEFAULT_RULES.map((rule) => ({
      ...rule,
      filters: [],
      isDefault: true,
      revision: 1,
      createdAt: now,
      updatedAt: now,
    }));
    const made = await database.insert(chatModerationRules).values(rows).onConflictDoNothing().returning();
    if (made.length > 0) {
      await database
        .insert(chatModerationRuleRevisions)
        .values(made.map((rule) => ({ ruleId: rule.id, revision: rule.revision, record: ruleRecord(rule) })))
        .onConflictDoNothing();
    }
    if (made.length > 0 || madeList.length > 0) await bumpModerationVersion(database);
  });
}
