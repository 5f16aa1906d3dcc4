import { z } from "@/lib/schemas/zod";
import { reasonRequiredSchema } from "@/lib/schemas/reason";
import { uidSchema } from "@/lib/schemas/uid";

/** Deactivating or reactivating one account from its workspace: the UID and why. */
export const accountStateSchema = z.object({ uid: uidSchema, reason: reasonRequiredSchema });
