import * as z from "@/lib/validation/zod";

/** "Dismiss" of a raid alert. */
export const dismissRaidAlertSchema = z.object({ alertId: z.uuid("That alert id is not valid.") });
