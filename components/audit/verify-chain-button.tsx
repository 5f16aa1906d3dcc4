"use client";

import { Alert } from "@/components/ui/alert";
import { ActionFailure } from "@/components/ui/action-failure";
import { Button } from "@/components/ui/button";
import { verifyAuditChainAction } from "@/lib/audit/actions/verify-audit-chain";
import { useServerAction } from "@/lib/actions/use-server-action";
import { formatCount } from "@/lib/format/numbers";

/** Walks the whole hash chain on the server and says whether it holds, or where it breaks. */
export function VerifyChainButton() {
  const verify = useServerAction(verifyAuditChainAction, {
    unanswered: "The console's server did not answer, so the check did not finish. Try again.",
  });
  const result = verify.result?.ok ? verify.result.data : null;

  return (
    <div className="space-y-3">
      <Button variant="secondary" onClick={() => void verify.run({})} busy={verify.pending}>
        Verify integrity
      </Button>
      <div aria-live="polite">
        {verify.failure && (
          <ActionFailure failure={{ message: `The check could not run. ${verify.failure.message}` }} />
        )}
        {result?.intact && (
          <Alert tone="success" title="The action log is intact">
            {formatCount(result.checked)} {result.checked === 1 ? "entry" : "entries"} and{" "}
            {formatCount(result.checkpoints)} signed {result.checkpoints === 1 ? "checkpoint" : "checkpoints"} checked
            in {(result.durationMs / 1000).toFixed(1)} s; every entry matches its hash and links to the one before it,
            and every checkpoint is signed by this log&apos;s key and matches the log.
          </Alert>
        )}
        {result && !result.intact && (
          <Alert tone="error" title={`The action log is not intact: ${result.firstBreak.problem}`}>
            {result.firstBreak.detail} {formatCount(result.checked)} entries before it are intact.
            {result.firstBreak.id && ` Entry id ${result.firstBreak.id}.`}
          </Alert>
        )}
      </div>
    </div>
  );
}
