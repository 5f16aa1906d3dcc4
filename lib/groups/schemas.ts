import * as z from "@/lib/validation/zod";
import { reasonRequiredSchema } from "@/lib/validation/reason";
import { uidSchema } from "@/lib/validation/uid";

/** A GUID follows the UID's rule (letters, digits, _ and -, at most 100 characters). */
export const guidSchema = uidSchema;

/** Kicking, banning or unbanning one user of a group: the group, the user and why. */
export const groupMemberActionSchema = z.object({ guid: guidSchema, uid: uidSchema, reason: reasonRequiredSchema });
