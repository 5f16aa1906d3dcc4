import * as z from "@/lib/validation/zod";
import { reasonSchema } from "@/lib/validation/reason";
import { uidSchema } from "@/lib/validation/uid";
import { BLOCK_FOR, type BlockFor } from "./block-for";
import { MAX_UIDS_PER_BLOCK } from "./uid-list";

export const blockForSchema = z._default(
  z.enum(BLOCK_FOR.map((option) => option.value) as [BlockFor, ...BlockFor[]], {
    error: "Choose how long the block lasts: 1 hour, 24 hours, 7 days, 30 days or until unblocked.",
  }),
  "forever",
);

export const blockUsersSchema = z.pipe(
  z
    .object({
      blocker: uidSchema,
      uids: z
        .array(uidSchema)
        .check(
          z.minLength(1, "Choose at least one UID to block."),
          z.maxLength(
            MAX_UIDS_PER_BLOCK,
            `Block at most ${MAX_UIDS_PER_BLOCK} UIDs at a time here; use incident mode for more.`,
          ),
        ),
      reason: reasonSchema,
      blockFor: blockForSchema,
    })
    .check(
      z.refine((input) => !input.uids.includes(input.blocker), {
        message: "A user cannot block themselves: remove the blocker's own UID.",
        path: ["uids"],
      }),
    ),
  z.transform((input) => ({ ...input, uids: [...new Set(input.uids)] })),
);

export const unblockUsersSchema = z.object({
  blocker: uidSchema,
  uids: z
    .array(uidSchema)
    .check(
      z.minLength(1, "Choose at least one UID to unblock."),
      z.maxLength(100, "Unblock at most 100 UIDs at a time."),
    ),
  reason: reasonSchema,
});
