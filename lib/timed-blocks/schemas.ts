import * as z from "@/lib/validation/zod";
import { blockForSchema } from "@/lib/blocking/schemas";
import { uidSchema } from "@/lib/validation/uid";

/** A moderator's change of a block's expiry: from now, or "forever" to keep it until unblocked. */
export const blockExpirySchema = z.object({
  blocker: uidSchema,
  uid: uidSchema,
  blockFor: blockForSchema,
});
