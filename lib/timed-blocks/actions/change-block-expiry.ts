"use server";

import { revalidatePath } from "next/cache";
import { getDb } from "@/lib/db/client";
import { blockForSeconds } from "@/lib/blocking/block-for";
import { blockExpirySchema } from "@/lib/timed-blocks/schemas";
import { changeExpiry } from "@/lib/timed-blocks/store";
import { RefusedError } from "@/lib/errors";
import { defineAction } from "@/lib/actions/define-action";

/** Changes when a block ends, or makes it last until unblocked; the log keeps the expiry before and after. */
export const changeBlockExpiryAction = defineAction({
  name: "users.block.expiry",
  permission: "users.block",
  describe: "change when a block ends",
  input: blockExpirySchema,
  audit: ({ blocker, uid, blockFor }) => ({
    affectedUids: [blocker, uid],
    targetUid: blocker,
    requestBody: { uid, blockFor },
  }),
  run: async ({ blocker, uid, blockFor }, context) => {
    const seconds = blockForSeconds(blockFor);
    const expiresAt = seconds === null ? null : new Date(Date.now() + seconds * 1000);
    const changed = await changeExpiry(await getDb(), blocker, uid, {
      expiresAt,
      operationId: context.operationId,
      actor: { id: context.operator.id, email: context.operator.email, role: context.operator.role },
      reason: `Expiry changed by ${context.operator.email}`,
    });
    if (changed === "expiring") throw new RefusedError("This block is being lifted right now, as its expiry said.");
    revalidatePath(`/users/${encodeURIComponent(blocker)}`);
    return { before: changed.before?.toISOString() ?? null, after: expiresAt?.toISOString() ?? null };
  },
  completion: (result) => ({
    outcome: "succeeded",
    summary: { changeSet: { expiresAt: { old: result.before, new: result.after } } },
  }),
});
