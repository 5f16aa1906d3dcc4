"use server";

import { revalidatePath } from "next/cache";
import { defineAction } from "@/lib/actions/define-action";
import { getDb } from "@/lib/db/client";
import { RefusedError } from "@/lib/errors";
import { dismissRaidAlert, getRaidAlert } from "@/lib/raid-alerts/store";
import { dismissRaidAlertSchema } from "@/lib/raid-alerts/schemas";

/** "Dismiss": the banner goes for everyone; a raid that goes on raises a new alert from what comes after. */
export const dismissRaidAlertAction = defineAction({
  name: "raid_alert.dismiss",
  permission: "rules.manage",
  describe: "dismiss raid alerts",
  input: dismissRaidAlertSchema,
  audit: ({ alertId }) => ({ affectedUids: [], requestBody: { alertId } }),
  run: async ({ alertId }, { operator }) => {
    const db = await getDb();
    const alert = await dismissRaidAlert(db, alertId, { id: operator.id, name: operator.name });
    if (!alert) {
      const existing = await getRaidAlert(db, alertId);
      throw new RefusedError(
        existing ? `${existing.dismissedByName ?? "Someone"} already dismissed this alert.` : "No alert has that id.",
      );
    }
    revalidatePath("/rules");
    return { alertId, guid: alert.guid, groupName: alert.groupName, messages: alert.messages, senders: alert.senders };
  },
  completion: (dismissed) => ({ outcome: "succeeded", summary: dismissed }),
});
