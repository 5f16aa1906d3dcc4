import { describe, expect, it } from "vitest";
import type { CallOutcome } from "./call-outcome";
import type { DecisionResult } from "./decide";
import { decisionCompletion } from "./decision-log";

const report = (messageId: string, outcome: DecisionResult["reports"][number]["outcome"]) => ({
  messageId,
  senderUid: "raider",
  outcome,
  message: "",
  calls: [],
});
const call = (outcome: CallOutcome["outcome"]): CallOutcome => ({ call: "block", target: "amara-okafor", outcome });
const of = (reports: DecisionResult["reports"], senderCalls: CallOutcome[] = []) =>
  decisionCompletion({ decision: "remove", reports, senderCalls });

describe("a decision's outcome in the log", () => {
  it("succeeds only when every report was decided and every sender call went through", () => {
    expect(of([report("1", "done"), report("2", "done")], [call("succeeded")])).toMatchObject({ outcome: "succeeded" });
    expect(of([report("1", "done")], [call("partial")])).toMatchObject({ outcome: "partial" });
  });

  it("is unknown, never succeeded, when an answer never came and nothing failed", () => {
    expect(of([report("1", "done"), report("2", "unknown")])).toMatchObject({
      outcome: "unknown",
      errorCode: "ANSWER_LOST",
      summary: { counts: { done: 1, unknown: 1 } },
    });
    expect(of([report("1", "done")], [call("unknown")])).toMatchObject({ outcome: "unknown" });
  });

  it("fails when nothing was decided, and is partial when some reports were refused", () => {
    expect(of([report("1", "failed"), report("2", "refused")])).toMatchObject({ outcome: "failed" });
    expect(of([report("1", "done"), report("2", "refused")])).toMatchObject({
      outcome: "partial",
      summary: { counts: { done: 1, refused: 1 } },
    });
  });
});
