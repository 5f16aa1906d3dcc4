import { Alert } from "@/components/ui/alert";
import { RawJson } from "@/components/ui/raw-json";
import { Time } from "@/components/ui/time";
import { formatCount } from "@/lib/format/numbers";
import type { BlockAnswer } from "@/lib/blocking/block-answer";
import { outcomeSummary } from "@/lib/outcomes";
import { BlockOutcomeTable } from "./block-outcome-table";

/** What the chat service answered to a block: a sentence, the outcome per UID and the raw answer, with when. */
/** What a block ended with, in words, for the panel's status region: "Block finished: 3 blocked, 1 failed." */
export function BlockFinished({ counts }: { counts: BlockAnswer["counts"] }) {
  return <>Block finished: {outcomeSummary(counts)}.</>;
}

export function BlockResult({ answer, at }: { answer: BlockAnswer; at: Date }) {
  return (
    <div className="space-y-2">
      {answer.lost && (
        <Alert tone="warning">
          {answer.lost} Each UID below that the blocker&apos;s blocked list, read at once, already shows as done is
          settled from it.
          {answer.settlesAt ? (
            <>
              {" "}
              The outcome of the {formatCount(answer.counts.unknown)} marked &quot;Outcome unknown&quot; is not yet
              known: the call may still take effect. It will be settled from the blocked list at{" "}
              <Time at={new Date(answer.settlesAt)} />, once the call no longer can, and recorded in the action log
              (&quot;Blocked by this user&quot; and &quot;Recent actions&quot; show it then).
            </>
          ) : (
            <> &quot;Outcome unknown&quot; means even that did not tell.</>
          )}
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
