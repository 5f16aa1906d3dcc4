"use server";

import { defineAction } from "@/lib/actions/define-action";
import { chatApi } from "@/lib/chat-api";
import { RefusedError } from "@/lib/errors";
import { listRecordOf, searchTermsOf } from "@/lib/rules/keyword-lists";
import { revalidateRules } from "@/lib/rules/revalidate";
import { saveKeywordListSchema } from "@/lib/rules/schemas";

/** A list's "Save": every rule that names it matches the new terms from the next message on. */
export const updateKeywordListAction = defineAction({
  name: "keyword_list.update",
  permission: "rules.manage",
  describe: "write the moderation rules' lists",
  input: saveKeywordListSchema,
  audit: ({ listId, list }) => ({
    affectedUids: [],
    requestBody: { listId, name: list.name, category: list.category, searchTerms: searchTermsOf(list) },
  }),
  prepare: async ({ listId }) =>
    listId ? (await chatApi().listKeywordLists()).data.find((list) => list.id === listId) : undefined,
  run: async ({ listId, list }, _context, before) => {
    if (!listId || !before) throw new RefusedError("That list is not at the chat service any more: reload the page.");
    const { data } = await chatApi().updateKeywordList(listId, {
      name: list.name,
      description: list.description,
      category: list.category,
      searchTerms: searchTermsOf(list),
    });
    revalidateRules();
    return { listId, before: listRecordOf(before), after: listRecordOf(data) };
  },
  completion: ({ listId, before, after }) => ({
    outcome: "succeeded",
    summary: { listId, changeSet: { list: { old: before, new: after } } },
  }),
});
