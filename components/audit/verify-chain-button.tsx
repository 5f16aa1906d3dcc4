"use client";

import { useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { verifyAuditChainAction } from "@/lib/actions/audit";

/** Walks the whole hash chain on the server and says whether it holds, or where it breaks. */
export function VerifyChainButton() {
  const [pending, startTransition] = useTransition();
  const [outcome, setOutcome] = useState<{ tone: "success" | "error"; title: string; text: string }>();

  const verify = () =>
    startTransition(async () => {
      setOutcome(undefined);
      const result = await verifyAuditChainAction({});
      if (!result.ok) {
        setOutcome({ tone: "error", title: "The check could not run", text: result.message });
      } else if (result.data.intact) {
        setOutcome({
          tone: "success",
          title: "The action log is intact",
          text: `${result.data.checked.toLocaleString("en")} entries checked in ${(result.data.durationMs / 1000).toFixed(1)} s; every entry matches its hash and links to the one before it.`,
        });
      } else {
        const { firstBreak, checked } = result.data;
        setOutcome({
          tone: "error",
          title: `The chain breaks at entry #${firstBreak.seq}`,
          text: `${firstBreak.detail} ${checked.toLocaleString("en")} entries before it are intact. Entry id ${firstBreak.id}.`,
        });
      }
    });

  return (
    <div className="space-y-3">
      <Button variant="secondary" onClick={verify} disabled={pending} aria-busy={pending}>
        Verify integrity
      </Button>
      <div aria-live="polite">
        {outcome && (
          <Alert tone={outcome.tone} title={outcome.title}>
            {outcome.text}
          </Alert>
        )}
      </div>
    </div>
  );
}
