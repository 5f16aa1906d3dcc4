import { ChatApiError } from "@/lib/chat-api";
import { errorCodeOf } from "@/lib/audit/vocabulary";

/**
 * One call a decision made, as the decision's result and its log entry record it: what was called
 * for what, and what came of it. "unknown": the call was sent and its answer never came.
 */
export type CallOutcome = {
  call: "delete" | "review" | "block" | "deactivate" | "ban";
  /** The message id, the blocker, the deactivated UIDs or the group the call was for. */
  target: string;
  outcome: "succeeded" | "failed" | "unknown" | "partial";
  httpStatus?: number;
  errorCode?: string;
  message?: string;
};

/** Makes one call; a chat API failure becomes its outcome (any other error is the console's own, and thrown). */
export async function attempt<T>(
  call: CallOutcome["call"],
  target: string,
  send: () => Promise<{ status: number; data: T }>,
): Promise<{ outcome: CallOutcome; data?: T; error?: ChatApiError }> {
  try {
    const answer = await send();
    return { outcome: { call, target, outcome: "succeeded", httpStatus: answer.status }, data: answer.data };
  } catch (error) {
    if (!(error instanceof ChatApiError)) throw error;
    return {
      outcome: {
        call,
        target,
        outcome: error.outcomeUnknown ? "unknown" : "failed",
        httpStatus: error.status,
        errorCode: error.outcomeUnknown ? "ANSWER_LOST" : errorCodeOf(error),
        message: error.userMessage,
      },
      error,
    };
  }
}
