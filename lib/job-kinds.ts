import { blockJobKind, unblockJobKind } from "@/lib/blocking/job-kinds";
import { banJobKind, unbanJobKind } from "@/lib/groups/job-kinds";
import { registerJobKind } from "@/lib/incidents/job-kind";
import { deleteMessagesJobKind } from "@/lib/messages/job-kind";
import { reportDecisionJobKind } from "@/lib/reports/job-kind";
import { deactivateJobKind, reactivateJobKind } from "@/lib/users/job-kinds";

/**
 * Every kind of incident job, each from its feature's folder: the one list of them. Imported for its
 * effect by whatever runs or starts jobs (the console's start-up, and tests or scripts that run the
 * engine in their own process); the engine itself never imports it.
 */
registerJobKind("block", blockJobKind);
registerJobKind("unblock", unblockJobKind);
registerJobKind("deactivate", deactivateJobKind);
registerJobKind("reactivate", reactivateJobKind);
registerJobKind("ban", banJobKind);
registerJobKind("unban", unbanJobKind);
registerJobKind("delete_messages", deleteMessagesJobKind);
registerJobKind("report_decision", reportDecisionJobKind);
