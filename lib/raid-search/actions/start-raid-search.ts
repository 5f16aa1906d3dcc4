"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { actorOf } from "@/lib/audit/actor";
import { chatApi } from "@/lib/chat-api";
import { getDb } from "@/lib/db/client";
import { criteriaOf, slicesOf } from "@/lib/raid-search/criteria";
import { raidSearchFormSchema } from "@/lib/raid-search/schemas";
import { createSearch } from "@/lib/raid-search/store";
import { wakeSearchRunner } from "@/lib/raid-search/worker";

/**
 * "Find accounts": a search for the senders behind a raid starts in the background (any console
 * process runs it, within the jobs' rate budget). The log records who searched for what.
 */
export const startRaidSearchAction = defineAction({
  name: "raid.search.start",
  permission: "accounts.search",
  describe: "search for the accounts behind a raid",
  input: raidSearchFormSchema,
  audit: (form) => ({
    affectedUids: [form.where === "user" ? form.user : undefined, form.senderUid, form.blockedBy],
    requestBody: form,
  }),
  run: async (form, context) => {
    const client = chatApi();
    // Where it looks and whose blocks it shows must exist: said now, rather than by a failed search.
    if (form.where === "group") await client.getGroup(form.group!);
    if (form.where === "user") await client.getUser(form.user!);
    if (form.blockedBy) await client.getUser(form.blockedBy);
    const criteria = criteriaOf(form, Math.floor(Date.now() / 1000));
    const search = await createSearch(await getDb(), {
      criteria,
      slices: slicesOf(criteria),
      createdBy: actorOf(context.operator),
      operationId: context.operationId,
    });
    wakeSearchRunner();
    revalidatePath("/incidents");
    return { searchId: search.id, from: criteria.from, to: criteria.to };
  },
  completion: (result) => ({ outcome: "succeeded", summary: result }),
});
