"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useAnnouncer } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useServerAction } from "@/lib/actions/use-server-action";
import { countOf, formatCount } from "@/lib/format/numbers";
import { disableRuleAction } from "@/lib/rules/actions/disable-rule";
import { enableRuleAction } from "@/lib/rules/actions/enable-rule";
import { OLDER_ACCOUNT_DAYS } from "@/lib/rules/limits";

type TestNumbers = {
  windowHours: number;
  messagesRead: number;
  matched: number;
  senders: number;
  olderSenders: number;
};

const UNANSWERED =
  "The console's server did not answer, so it is not known whether the rule was switched. Reload the page to see its state.";

const windowName = (hours: number) => (hours === 1 ? "hour" : hours === 168 ? "7 days" : `${hours} hours`);

/**
 * "Enable" asks for confirmation with the numbers of the rule's latest test of what it is now (or says
 * it was never tested so); "Disable" asks too, since messages it held back would then be delivered.
 */
export function RuleSwitch({
  ruleId,
  name,
  enabled,
  test,
  action,
}: {
  ruleId: string;
  name: string;
  enabled: boolean;
  test: TestNumbers | null;
  action: string;
}) {
  const router = useRouter();
  const announce = useAnnouncer();
  const [open, setOpen] = useState(false);
  const call = useServerAction(enabled ? disableRuleAction : enableRuleAction, { unanswered: UNANSWERED });
  const label = enabled ? "Disable" : "Enable";

  return (
    <>
      <Button variant={enabled ? "secondary" : "primary"} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={enabled ? `Disable “${name}”?` : `Enable “${name}”?`}
        confirmLabel={enabled ? "Disable rule" : "Enable rule"}
        pendingLabel={enabled ? "Disabling…" : "Enabling…"}
        tone={enabled ? "danger" : "primary"}
        pending={call.pending}
        failure={call.failure}
        onClose={() => {
          setOpen(false);
          call.reset();
        }}
        onConfirm={() =>
          void call.run({ ruleId, enabled: !enabled }, (answer) => {
            if (!answer.ok) return;
            setOpen(false);
            announce?.(enabled ? "Rule disabled." : "Rule enabled.");
            router.refresh();
          })
        }
      >
        {enabled ? (
          <p className="text-sm text-slate-800">
            From the next message on, the chat service stops checking messages against “{name}”: what it would have held
            back is delivered. The messages it holds now stay under Blocked messages.
          </p>
        ) : (
          <div className="space-y-2 text-sm text-slate-800">
            <p>
              From the next message on, the chat service will {action.toLowerCase()} for every message “{name}” matches.
            </p>
            {test ? (
              <p>
                Tested against the last {windowName(test.windowHours)}, it would have held back{" "}
                <strong>{countOf(test.matched, "message", "messages")}</strong> of {formatCount(test.messagesRead)},
                from <strong>{countOf(test.senders, "sender", "senders")}</strong>;{" "}
                <strong>{countOf(test.olderSenders, "account is", "accounts are")}</strong> older than{" "}
                {OLDER_ACCOUNT_DAYS} days (likely false positives).
              </p>
            ) : (
              <p className="font-medium text-amber-900">
                This rule, as it is now, has not been tested: nobody knows what it would catch. Test it first, or enable
                it knowing that.
              </p>
            )}
          </div>
        )}
      </ConfirmDialog>
    </>
  );
}
