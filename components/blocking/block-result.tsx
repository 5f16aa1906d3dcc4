import { Alert } from "@/components/ui/alert";
import { RawJson } from "@/components/ui/raw-json";
import { Time } from "@/components/ui/time";
import type { BlockAnswer } from "@/lib/actions/block-users";
import { BlockOutcomeTable, outcomeSummary } from "./block-outcome-table";

/** What the chat service answered to a block: a sentence, the outcome per UID and the raw answer, with when. */
export function BlockResult({ answer, at }: { answer: BlockAnswer; at: Date }) {
  return (
    <div className="space-y-2">
      {answer.lost && (
        <Alert tone="warning">
          {answer.lost} Each UID below was settled from the blocker&apos;s blocked list read afterwards where it could
          be; &quot;Outcome unknown&quot; means even that did not tell.
        </Alert>
      )}
      <p className="text-sm text-slate-700">
        Block sent at <Time at={at} />: {outcomeSummary(answer.counts)}.
      </p>
      <BlockOutcomeTable rows={answer.rows} caption="Outcome of the block" />
      <RawJson value={answer.raw} />
    </div>
  );
}
