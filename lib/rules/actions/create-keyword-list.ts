"use server";

import { randomBytes } from "node:crypto";
import { defineAction } from "@/lib/actions/define-action";
import { chatApi } from "@/lib/chat-api";
import { listRecordOf, newListId, searchTermsOf } from "@/lib/rules/keyword-lists";
import { revalidateRules } from "@/lib/rules/revalidate";
import { saveKeywordListSchema } from "@/lib/rules/schemas";

/** "New list": words or patterns a rule can name; the log keeps its terms. */
export const createKeywordListAction = defineAction({
  name: "keyword_list.create",
  permission: "rules.manage",
  describe: "write the moderation rules' lists",
  input: saveKeywordListSchema,
  audit: ({ list }) => ({
    affectedUids: [],
    requestBody: { name: list.name, category: list.category, searchTerms: searchTermsOf(list) },
  }),
  run: async ({ list }) => {
    const { data } = await chatApi().createKeywordList({
      id: `${newListId(list.name)}-${randomBytes(2).toString("hex")}`,
      name: list.name,
      description: list.description,
      category: list.category,
      searchTerms: searchTermsOf(list),
    });
    revalidateRules();
    return { listId: data.id, list: listRecordOf(data) };
  },
  completion: ({ listId, list }) => ({
    outcome: "succeeded",
    summary: { listId, changeSet: { list: { old: null, new: list } } },
  }),
});
