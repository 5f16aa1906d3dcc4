import { and, asc, count, desc, eq } from "drizzle-orm";
import { RULE_LIMITS } from "@/lib/rule-matching/limits";
import { keywordProblem } from "@/lib/rule-matching/pattern-problem";
import type { RuleCondition } from "@/lib/rule-matching/types";
import { csvCells } from "./csv-cells";
import type { ChatDatabase } from "./db/client";
import { chatKeywordLists, chatModerationRules } from "./db/schema";
import { chatErrors } from "./errors";
import { recordCall } from "./journal";
import { nowSeconds } from "./lookups";
import { changeModeration } from "./moderation-engine";
import { keywordListRecord } from "./rule-records";
import { chatStore } from "./service";
import type { CreateKeywordListBody, UpdateKeywordListBody } from "./validation-moderation-engine";

/** The vendor's keyword lists (`/moderation/keywords`): words, patterns or sentences rules name. */

type Category = CreateKeywordListBody["category"];
type TermsSource = Pick<CreateKeywordListBody, "searchTerms" | "file">;

const MAX_PROBLEMS_SHOWN = 20;

/**
 * A list's terms from a body: `searchTerms` as the vendor sends it (words comma-separated, patterns
 * and sentences one a line) or as an array of terms, and every cell of an uploaded CSV; trimmed, the
 * empty dropped, and repeats (case-insensitively) dropped, the first spelling kept.
 */
function termsOf(category: Category, source: TermsSource): string[] {
  const given =
    typeof source.searchTerms === "string"
      ? source.searchTerms.split(category === "word" ? /[,\r\n]+/ : /\r?\n/)
      : (source.searchTerms ?? []);
  const all = [...given, ...(source.file ? csvCells(source.file.content) : [])];
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const raw of all) {
    const term = raw.trim();
    const key = term.toLowerCase();
    if (term === "" || seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
  }
  return terms;
}

function checkTerms(category: Category, terms: string[]): void {
  if (terms.length === 0)
    throw chatErrors.badRequest("A keyword list needs at least one search term.", {
      searchTerms: ["Give at least one search term, in searchTerms or in a CSV file."],
    });
  const problems = terms.flatMap((term) => {
    const problem = keywordProblem(term, category);
    return problem ? [`${JSON.stringify(term)}: ${problem}`] : [];
  });
  if (problems.length > 0)
    throw chatErrors.badRequest(`A search term is not valid: ${problems[0]}`, {
      searchTerms: problems.slice(0, MAX_PROBLEMS_SHOWN),
    });
}

/** The rules whose conditions name list `id`, with the category each wants of it. */
async function rulesUsingList(db: ChatDatabase, id: string) {
  const rules = await db.select().from(chatModerationRules).orderBy(asc(chatModerationRules.position));
  return rules.flatMap((rule) =>
    (rule.conditions as RuleCondition[])
      .filter((condition) => condition.isKeywordsReferencePresent && condition.value.includes(id))
      .slice(0, 1)
      .map((condition) => ({ id: rule.id, category: condition.category })),
  );
}

async function findList(db: ChatDatabase, id: string) {
  const [list] = await db.select().from(chatKeywordLists).where(eq(chatKeywordLists.id, id)).limit(1);
  if (!list) throw chatErrors.keywordListNotFound(id);
  return list;
}

export async function listKeywordLists(query: { limit: number; page: number }) {
  const rows = await chatStore()
    .db.select()
    .from(chatKeywordLists)
    .orderBy(desc(chatKeywordLists.isDefault), asc(chatKeywordLists.createdAt), asc(chatKeywordLists.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { data: rows.map(keywordListRecord), meta: { current: { limit: query.limit, count: rows.length } } };
}

export async function getKeywordList(id: string) {
  return keywordListRecord(await findList(chatStore().db, id));
}

export async function createKeywordList(body: CreateKeywordListBody) {
  const terms = termsOf(body.category, body);
  checkTerms(body.category, terms);
  return changeModeration(async (db) => {
    const [{ custom } = { custom: 0 }] = await db
      .select({ custom: count() })
      .from(chatKeywordLists)
      .where(eq(chatKeywordLists.isDefault, false));
    if (custom >= RULE_LIMITS.keywordLists)
      throw chatErrors.badRequest(`The app has ${custom} keyword lists, the most it may have.`, {
        body: [
          `An app may have at most ${RULE_LIMITS.keywordLists} keyword lists besides the default: delete one first.`,
        ],
      });
    const now = nowSeconds();
    const [list] = await db
      .insert(chatKeywordLists)
      .values({
        id: body.id,
        name: body.name,
        description: body.description,
        category: body.category,
        isCsv: body.file !== undefined,
        searchTerms: terms,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!list)
      throw chatErrors.badRequest(`A keyword list with id ${body.id} already exists.`, {
        id: [`A keyword list with id ${body.id} already exists: choose another id.`],
      });
    await recordCall(db, { method: "POST", path: "/moderation/keywords", uids: [], details: { id: body.id } });
    return keywordListRecord(list);
  });
}

export async function updateKeywordList(id: string, body: UpdateKeywordListBody) {
  return changeModeration(async (db) => {
    const list = await findList(db, id);
    const category = body.category ?? (list.category as Category);
    const newTerms = body.searchTerms !== undefined || body.file !== undefined;
    const terms = newTerms ? termsOf(category, body) : list.searchTerms;
    if (newTerms || category !== list.category) checkTerms(category, terms);
    const renamed = body.id !== undefined && body.id !== id;
    const users = renamed || category !== list.category ? await rulesUsingList(db, id) : [];
    if (renamed) {
      if (list.isDefault)
        throw chatErrors.badRequest(`The default keyword list ${id} keeps its id.`, {
          id: [`${id} is a default keyword list: its id cannot change.`],
        });
      if (users.length > 0)
        throw chatErrors.badRequest(`The keyword list ${id} is used by rules, so its id cannot change.`, {
          id: [
            `The rules ${users.map((rule) => rule.id).join(", ")} name this list: its id cannot change while they do.`,
          ],
        });
    }
    if (renamed) {
      const [taken] = await db
        .select({ id: chatKeywordLists.id })
        .from(chatKeywordLists)
        .where(eq(chatKeywordLists.id, body.id!));
      if (taken)
        throw chatErrors.badRequest(`A keyword list with id ${body.id} already exists.`, {
          id: [`A keyword list with id ${body.id} already exists: choose another id.`],
        });
    }
    const mismatched = users.filter((rule) => rule.category !== category);
    if (mismatched.length > 0)
      throw chatErrors.badRequest(`The keyword list ${id} is used by rules of another category.`, {
        category: [
          `The rules ${mismatched.map((rule) => rule.id).join(", ")} use this list for their ${mismatched[0]!.category} conditions: it must stay a ${mismatched[0]!.category} list.`,
        ],
      });
    const now = nowSeconds();
    const [updated] = await db
      .update(chatKeywordLists)
      .set({
        id: body.id ?? id,
        name: body.name ?? list.name,
        description: body.description ?? list.description,
        category,
        searchTerms: terms,
        isCsv: newTerms ? body.file !== undefined : list.isCsv,
        revision: list.revision + 1,
        updatedAt: now,
      })
      .where(eq(chatKeywordLists.id, id))
      .returning();
    if (!updated) throw chatErrors.keywordListNotFound(id);
    await recordCall(db, { method: "PUT", path: `/moderation/keywords/${id}`, uids: [], details: { id: updated.id } });
    return keywordListRecord(updated);
  });
}

export async function deleteKeywordList(id: string) {
  return changeModeration(async (db) => {
    const list = await findList(db, id);
    if (list.isDefault)
      throw chatErrors.badRequest(`The default keyword list ${id} cannot be deleted.`, {
        id: [`${id} is a default keyword list: it cannot be deleted (its words can be changed).`],
      });
    const users = await rulesUsingList(db, id);
    if (users.length > 0)
      throw chatErrors.badRequest(`The keyword list ${id} is used by rules.`, {
        id: [`The rules ${users.map((rule) => rule.id).join(", ")} name this list: change or delete them first.`],
      });
    await db.delete(chatKeywordLists).where(and(eq(chatKeywordLists.id, id), eq(chatKeywordLists.isDefault, false)));
    await recordCall(db, { method: "DELETE", path: `/moderation/keywords/${id}`, uids: [], details: { id } });
    return { success: true, message: `Keyword with id ${id} has been deleted successfully.` };
  });
}
