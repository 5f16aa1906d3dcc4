import type { JobKind } from "@/lib/incidents/job-kind";
import { callDecisionItem, reconcileDecisionItems } from "./decision-job-calls";
import { logDecisionEnd } from "./decision-job-end";
import { uidsOfItem } from "./decision-items";
import { releaseUnsentReports } from "./decision-store";

/**
 * A large decision of the reports queue as a job (./decision-plan.ts): each report kept or removed,
 * then the removal's blocks, bans and deactivations, one call an item; its end is logged as the
 * decision itself, and reports it did not reach go back to the queue.
 */
export const reportDecisionJobKind: JobKind = {
  send: (client, job, [item]) => callDecisionItem(client, job, item!),
  reconcile: reconcileDecisionItems,
  affected: (items) => [...new Set(items.flatMap(uidsOfItem))],
  itemsName: "items",
  release: releaseUnsentReports,
  logEnd: logDecisionEnd,
};
