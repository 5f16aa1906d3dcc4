import type { ChatApiClient } from "@/lib/chat-api";
import type { ReportDecision } from "@/lib/db/schema";
import { attempt, type CallOutcome } from "./call-outcome";
import type { ReportEnd } from "./decision-store";

/** The service's answer to a review of a message no longer waiting for one: decided elsewhere. */
const NOT_FLAGGED = "ERR_FLAGGED_MESSAGE_NOT_FOUND";

export type ReviewResult = { end: ReportEnd["kind"]; calls: CallOutcome[]; message: string };

/**
 * A decision's calls for one report, at the service first: "keep" is the review `approved`;
 * "remove" deletes the message (softly) and then reviews it `disapproved`. A call whose answer was
 * lost stops the rest (what it did is not known yet); a review the service answers with "not
 * flagged" means someone decided it elsewhere.
 */
export async function reviewReport(
  client: ChatApiClient,
  messageId: string,
  decision: ReportDecision,
): Promise<ReviewResult> {
  const calls: CallOutcome[] = [];
  if (decision === "remove") {
    const deleted = await attempt("delete", messageId, () => client.deleteMessage(messageId, { permanent: false }));
    calls.push(deleted.outcome);
    if (deleted.outcome.outcome === "unknown")
      return { end: "unknown", calls, message: "The delete's answer never came: it may have taken effect." };
    if (deleted.outcome.outcome === "failed")
      return { end: "failed", calls, message: `Not deleted: ${deleted.outcome.message}` };
  }
  const reviewed = await attempt("review", messageId, () =>
    client.reviewFlaggedMessage(messageId, decision === "keep" ? "approved" : "disapproved"),
  );
  calls.push(reviewed.outcome);
  if (reviewed.outcome.outcome === "succeeded")
    return { end: "done", calls, message: decision === "keep" ? "Kept." : "Message removed." };
  if (reviewed.outcome.outcome === "unknown")
    return { end: "unknown", calls, message: "The review's answer never came: it may have taken effect." };
  if (reviewed.error?.code === NOT_FLAGGED)
    return { end: "gone", calls, message: "Decided elsewhere: the service no longer lists it for review." };
  const deleted = decision === "remove" ? "Deleted, but not reviewed" : "Not reviewed";
  return { end: "failed", calls, message: `${deleted}: ${reviewed.outcome.message}` };
}
