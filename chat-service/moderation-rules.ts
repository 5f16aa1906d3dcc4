import { and, asc, count, desc, eq, inArray, max } from "drizzle-orm";
import { RULE_LIMITS } from "@/lib/rule-matching/limits";
import type { ChatDatabase } from "./db/client";
import { chatKeywordLists, chatModerationRuleRevisions, chatModerationRules } from "./db/schema";
import { chatErrors } from "./errors";
import { recordCall } from "./journal";
import { nowSeconds } from "./lookups";
import { changeModeration } from "./moderation-engine";
import { ruleRecord } from "./rule-records";
import { chatStore } from "./service";
import type { CreateRuleBody, UpdateRuleBody } from "./validation-moderation-engine";

/**
 * The vendor's moderation rules (`/moderation/rules`): every change is a new revision, kept whole
 * (`/moderation/rules/{id}/revisions`), and moves the engine's version on so that sends apply it.
 */

type Conditions = CreateRuleBody["conditions"];

/** The conditions numbered 1..n (ids given are not kept), with each keyword list they name checked. */
async function checkedConditions(db: ChatDatabase, conditions: Conditions) {
  const named = [
    ...new Set(conditions.flatMap((condition) => (condition.isKeywordsReferencePresent ? condition.value : []))),
  ];
  const lists =
    named.length > 0
      ? await db
          .select({ id: chatKeywordLists.id, category: chatKeywordLists.category })
          .from(chatKeywordLists)
          .where(inArray(chatKeywordLists.id, named))
      : [];
  const categoryOf = new Map(lists.map((list) => [list.id, list.category]));
  const details: Record<string, string[]> = {};
  conditions.forEach((condition, index) => {
    if (!condition.isKeywordsReferencePresent) return;
    const unknown = condition.value.filter((id) => !categoryOf.has(id));
    const other = condition.value.filter((id) => categoryOf.has(id) && categoryOf.get(id) !== condition.category);
    const problems = [
      ...(unknown.length > 0 ? [`No keyword list has the id ${unknown.join(", ")}.`] : []),
      ...other.map(
        (id) =>
          `The keyword list ${id} is a ${categoryOf.get(id)} list: a ${condition.category} condition needs ${condition.category} lists.`,
      ),
    ];
    if (problems.length > 0) details[`conditions.${index}.value`] = problems;
  });
  const first = Object.entries(details)[0];
  if (first) throw chatErrors.badRequest(`A condition is not valid: ${first[0]}: ${first[1][0]}`, details);
  return conditions.map((condition, index) => ({ ...condition, id: index + 1 }));
}

async function findRule(db: ChatDatabase, id: string) {
  const [rule] = await db.select().from(chatModerationRules).where(eq(chatModerationRules.id, id)).limit(1);
  if (!rule) throw chatErrors.ruleNotFound(id);
  return rule;
}

export async function listRules(query: { limit: number; page: number }) {
  const rows = await chatStore()
    .db.select()
    .from(chatModerationRules)
    .orderBy(asc(chatModerationRules.position))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { data: rows.map(ruleRecord), meta: { current: { limit: query.limit, count: rows.length } } };
}

export async function getRule(id: string) {
  return ruleRecord(await findRule(chatStore().db, id));
}

export async function listRuleRevisions(id: string, query: { limit: number; page: number }) {
  const { db } = chatStore();
  await findRule(db, id);
  const rows = await db
    .select({ record: chatModerationRuleRevisions.record })
    .from(chatModerationRuleRevisions)
    .where(eq(chatModerationRuleRevisions.ruleId, id))
    .orderBy(desc(chatModerationRuleRevisions.revision))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { data: rows.map((row) => row.record), meta: { current: { limit: query.limit, count: rows.length } } };
}

async function keepRevision(db: ChatDatabase, record: ReturnType<typeof ruleRecord>, revision: number) {
  await db.insert(chatModerationRuleRevisions).values({ ruleId: record.id, revision, record });
}

export async function createRule(body: CreateRuleBody) {
  return changeModeration(async (db) => {
    const [{ custom } = { custom: 0 }] = await db
      .select({ custom: count() })
      .from(chatModerationRules)
      .where(eq(chatModerationRules.isDefault, false));
    if (custom >= RULE_LIMITS.customRules)
      throw chatErrors.badRequest(`The app has ${custom} custom rules, the most it may have.`, {
        body: [`An app may have at most ${RULE_LIMITS.customRules} custom rules: delete one first.`],
      });
    const conditions = await checkedConditions(db, body.conditions);
    // A rule made again under a deleted one's id goes on from its revisions, so no revisionId means two versions.
    const [{ last } = { last: 0 }] = await db
      .select({ last: max(chatModerationRuleRevisions.revision) })
      .from(chatModerationRuleRevisions)
      .where(eq(chatModerationRuleRevisions.ruleId, body.id));
    const revision = (last ?? 0) + 1;
    const now = nowSeconds();
    const [rule] = await db
      .insert(chatModerationRules)
      .values({ ...body, conditions, revision, isDefault: false, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!rule)
      throw chatErrors.badRequest(`A rule with id ${body.id} already exists.`, {
        id: [`A rule with id ${body.id} already exists: choose another id.`],
      });
    const record = ruleRecord(rule);
    await keepRevision(db, record, revision);
    await recordCall(db, { method: "POST", path: "/moderation/rules", uids: [], details: { id: rule.id, revision } });
    return record;
  });
}

export async function updateRule(id: string, body: UpdateRuleBody) {
  return changeModeration(async (db) => {
    const rule = await findRule(db, id);
    if (body.id !== undefined && body.id !== id)
      throw chatErrors.badRequest("A rule's id cannot change.", {
        id: [`A rule's id cannot change: make a rule with id ${body.id} instead.`],
      });
    const conditions = body.conditions ? await checkedConditions(db, body.conditions) : rule.conditions;
    const revision = rule.revision + 1;
    const [updated] = await db
      .update(chatModerationRules)
      .set({
        name: body.name ?? rule.name,
        description: body.description ?? rule.description,
        enabled: body.enabled ?? rule.enabled,
        conditions,
        filters: body.filters ?? rule.filters,
        action: body.action ?? rule.action,
        revision,
        updatedAt: nowSeconds(),
      })
      .where(and(eq(chatModerationRules.id, id), eq(chatModerationRules.revision, rule.revision)))
      .returning();
    // Another change took its revision meanwhile: this one would overwrite it unseen.
    if (!updated)
      throw chatErrors.badRequest(`The rule ${id} changed meanwhile.`, { body: ["Read the rule again and retry."] });
    const record = ruleRecord(updated);
    await keepRevision(db, record, revision);
    await recordCall(db, { method: "PUT", path: `/moderation/rules/${id}`, uids: [], details: { id, revision } });
    return record;
  });
}

export async function deleteRule(id: string) {
  return changeModeration(async (db) => {
    const rule = await findRule(db, id);
    if (rule.isDefault)
      throw chatErrors.badRequest(`The default rule ${id} cannot be deleted.`, {
        id: [`${id} is a default rule: it cannot be deleted; disable it instead ({"enabled": false}).`],
      });
    await db.delete(chatModerationRules).where(eq(chatModerationRules.id, id));
    await recordCall(db, { method: "DELETE", path: `/moderation/rules/${id}`, uids: [], details: { id } });
    return { success: true, message: `Rule with id ${id} has been deleted successfully.` };
  });
}
