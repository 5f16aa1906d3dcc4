"use client";

import { useEffect, useState } from "react";
import { ActionFailure } from "@/components/ui/action-failure";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Time } from "@/components/ui/time";
import { useServerAction } from "@/lib/actions/use-server-action";
import { claimReportAction } from "@/lib/reports/actions/claim-report";
import type { ClaimState } from "@/lib/reports/claims";
import { takeOverReportAction } from "@/lib/reports/actions/take-over-report";

/** A claim lasts five minutes; the page renews it well before, for as long as it stays open. */
const RENEW_MS = 120_000;

/**
 * Opening a report claims it (from the browser, once the page is shown: a prefetch claims nothing),
 * renewed while the page stays open. When someone else holds it: "Being reviewed by <name>", and
 * "Take over".
 */
export function ClaimBanner({ messageId }: { messageId: string }) {
  const claim = useServerAction(claimReportAction);
  const takeOver = useServerAction(takeOverReportAction);
  const [state, setState] = useState<ClaimState | null>(null);
  const { run } = claim;

  useEffect(() => {
    const renew = () =>
      void run({ messageId }, (answer) => {
        if (answer.ok) setState(answer.data);
      });
    renew();
    const timer = setInterval(renew, RENEW_MS);
    return () => clearInterval(timer);
  }, [messageId, run]);

  const failure = claim.failure ?? takeOver.failure;
  if (failure) return <ActionFailure failure={failure} />;
  if (state?.kind === "yours")
    return (
      <p role="status" className="text-sm text-slate-700">
        You are reviewing this report; others are told so until <Time at={state.expiresAt} />.
      </p>
    );
  if (state?.kind !== "theirs") return null;
  return (
    <Alert tone="warning" title={`Being reviewed by ${state.name}`}>
      <p>
        {state.name} opened this report; their claim runs until <Time at={state.expiresAt} />. Deciding now needs taking
        it over.
      </p>
      <Button
        className="mt-2"
        variant="secondary"
        size="sm"
        busy={takeOver.pending}
        onClick={() =>
          void takeOver.run({ messageId }, (answer) => {
            if (answer.ok) setState(answer.data.state);
          })
        }
      >
        Take over
      </Button>
    </Alert>
  );
}
