"use server";

import { defineAction } from "@/lib/actions/define-action";
import { parseUidList, type UidListEntry } from "@/lib/blocking/uid-list";
import { chatApi } from "@/lib/chat-api";
import { getEnv } from "@/lib/env";
import { needsApproval } from "@/lib/approvals/threshold";
import { currentlyBlocked } from "@/lib/incidents/blocked-list";
import { MAX_INCIDENT_UIDS } from "@/lib/incidents/limits";
import { incidentPreviewSchema } from "@/lib/incidents/schemas";

export type IncidentPreview = {
  blocker: { uid: string; name: string };
  /** UIDs the job would send. */
  toBlock: string[];
  alreadyBlocked: string[];
  invalid: Array<Extract<UidListEntry, { status: "invalid" }>>;
  duplicates: number;
  selfExcluded: boolean;
  overLimit: boolean;
  /** More to send than one operator may send alone (APPROVAL_THRESHOLD_UIDS): a second must approve. */
  needsApproval: boolean;
  /** That threshold; 0 when approval is off. */
  approvalThreshold: number;
};

export const previewIncidentAction = defineAction({
  name: "incident.preview",
  permission: "users.block",
  describe: "block users",
  input: incidentPreviewSchema,
  // A preview reads and sends nothing; the job it may lead to is recorded when it starts.
  audit: "not recorded",
  run: async ({ blocker, text }): Promise<IncidentPreview> => {
    const user = await chatApi().getUser(blocker);
    const list = parseUidList(text, blocker);
    const blocked = await currentlyBlocked(chatApi(), blocker);
    const toBlock = list.valid.filter((uid) => !blocked.has(uid));
    const { thresholdUids } = getEnv().approval;
    return {
      blocker: { uid: user.data.uid, name: user.data.name },
      toBlock,
      needsApproval: needsApproval(toBlock.length, thresholdUids),
      approvalThreshold: thresholdUids,
      alreadyBlocked: list.valid.filter((uid) => blocked.has(uid)),
      invalid: list.entries.filter(
        (entry): entry is Extract<UidListEntry, { status: "invalid" }> => entry.status === "invalid",
      ),
      duplicates: list.entries.filter((entry) => entry.status === "duplicate").length,
      selfExcluded: list.entries.some((entry) => entry.status === "self"),
      overLimit: list.valid.length > MAX_INCIDENT_UIDS,
    };
  },
});
