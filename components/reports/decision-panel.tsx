"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ActionFailure } from "@/components/ui/action-failure";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectField, TextAreaField } from "@/components/ui/field";
import { chosenOf, useSelection } from "@/components/ui/selection";
import { useServerAction } from "@/lib/actions/use-server-action";
import type { DecisionResult } from "@/lib/reports/decide";
import { keepReportsAction } from "@/lib/reports/actions/keep-reports";
import { removeReportsAction } from "@/lib/reports/actions/remove-reports";
import { previewDecisionAction } from "@/lib/reports/actions/preview-decision";
import { KEEP_REASONS, REMOVE_REASONS } from "@/lib/reports/reasons";
import type { DecisionTarget } from "@/lib/reports/schemas";
import { DecisionResultView } from "./decision-result";
import { DecisionSummary, type OfferedReport } from "./decision-summary";
import { DecisionJobNotice, type DecisionSize } from "./decision-job-notice";

type Props = {
  /** The reports this panel may decide on: the one on its page, or the open ones of a page of the queue. */
  offered: OfferedReport[];
  /** On a report's page: the sender and how many open reports they have, for "every open report of this sender". */
  sender?: { uid: string; name: string; openReports: number };
  /** A list's panel decides on what is selected in it. */
  fromSelection?: boolean;
  /** The report is decided: only the outcome of a decision made here stays on screen. */
  closed?: boolean;
};

const UNANSWERED =
  "The console's server did not answer, so it is not known whether the decision was made. Check the action log and the report before trying again.";
const FIELD_LABELS = { reasonCode: "Reason", reasonText: "Reason details", target: "Reports" };

const DECISIONS: Array<["keep" | "remove", string]> = [
  ["keep", "Keep"],
  ["remove", "Remove message"],
];
/** What a decision on a report's page may cover: that report, or every open report of its sender. */
const scopesFor = (sender: { openReports: number }): Array<["these" | "sender", string]> => [
  ["these", "This report"],
  ["sender", `Every open report of this sender (${sender.openReports})`],
];

/** A choice of radio buttons under a legend. */
function Choice<T extends string>(props: {
  legend: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  options: Array<[T, string]>;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{props.legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {props.options.map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={props.name}
              value={value}
              checked={props.value === value}
              onChange={() => props.onChange(value)}
              className="size-4 accent-brand-600"
            />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function confirmLabel(request: Request | null): string {
  if (request?.size.runsAsJob) return request.size.needsApproval ? "Request approval" : "Start the job";
  return request?.decision === "keep" ? "Confirm keep" : "Confirm removal";
}

type Request = {
  decision: "keep" | "remove";
  target: DecisionTarget;
  reasonCode: string;
  reasonText: string;
  options: { blockForReporters: boolean; deactivateSender: boolean; banFromGroup: boolean };
  /** The preview's count: a large decision runs as an incident job. */
  size: DecisionSize;
};

/**
 * "Keep" or "Remove message", with a reason from a pick list and free text, and with a removal the
 * sender calls; for the selected reports, this report, or every open report of its sender. It
 * confirms naming what it touches, then shows each report's outcome and reads the page again.
 */
export function DecisionPanel({ offered, sender, fromSelection = false, closed = false }: Props) {
  const router = useRouter();
  const selection = useSelection();
  const keep = useServerAction(keepReportsAction, { unanswered: UNANSWERED });
  const remove = useServerAction(removeReportsAction, { unanswered: UNANSWERED });
  const preview = useServerAction(previewDecisionAction);
  const [decision, setDecision] = useState<"keep" | "remove">("remove");
  const [scope, setScope] = useState<"these" | "sender">("these");
  const [request, setRequest] = useState<Request | null>(null);
  const [result, setResult] = useState<DecisionResult | null>(null);
  const action = decision === "keep" ? keep : remove;
  const reasons = decision === "keep" ? KEEP_REASONS : REMOVE_REASONS;

  const chosenIds = fromSelection && selection ? chosenOf(selection) : offered.map((report) => report.messageId);
  const chosen = offered.filter((report) => chosenIds.includes(report.messageId));
  const nothingChosen = scope === "these" && chosen.length === 0;

  function open(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setResult(null);
    action.reset();
    const asked = {
      decision,
      target:
        scope === "sender" && sender
          ? { kind: "sender" as const, senderUid: sender.uid }
          : { kind: "reports" as const, messageIds: chosen.map((report) => report.messageId) },
      reasonCode: String(data.get("reasonCode") ?? ""),
      reasonText: String(data.get("reasonText") ?? ""),
      options: {
        blockForReporters: data.get("blockForReporters") === "on",
        deactivateSender: data.get("deactivateSender") === "on",
        banFromGroup: data.get("banFromGroup") === "on",
      },
    };
    // Its size first: a large decision is confirmed as the incident job it runs as.
    void preview.run({ target: asked.target, decision, ...asked.options }, (answer) => {
      if (answer.ok && answer.data) setRequest({ ...asked, size: answer.data });
    });
  }

  function confirm() {
    if (!request) return;
    const { decision: kind, options, size, ...fields } = request;
    const input = { ...fields, runAs: size.runsAsJob ? ("job" as const) : ("now" as const) };
    const after = (answer: { ok: boolean; data?: DecisionResult }) => {
      if (!answer.ok || !answer.data) return;
      // A large decision goes on as a job: its page shows the progress, the approval and each outcome.
      if (answer.data.job) return router.push(`/incidents/${answer.data.job.jobId}`);
      setResult(answer.data);
      setRequest(null);
      selection?.clear();
      router.refresh();
    };
    // The pick list offers the decision's own reasons; the action's schema checks the code again.
    if (kind === "keep") void keep.run({ ...input, reasonCode: input.reasonCode as keyof typeof KEEP_REASONS }, after);
    else void remove.run({ ...input, reasonCode: input.reasonCode as keyof typeof REMOVE_REASONS, ...options }, after);
  }

  if (closed) return result ? <DecisionResultView result={result} /> : null;
  return (
    <div className="space-y-4">
      <form onSubmit={open} aria-label="Decide" className="space-y-4">
        <Choice legend="Decision" name="decision" value={decision} onChange={setDecision} options={DECISIONS} />
        {sender && (
          <Choice legend="Decide on" name="scope" value={scope} onChange={setScope} options={scopesFor(sender)} />
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            key={decision}
            id="decision-reason"
            name="reasonCode"
            label="Reason"
            options={Object.entries(reasons).map(([value, label]) => ({ value, label }))}
            error={action.failure?.fieldErrors?.reasonCode?.[0]}
          />
          <TextAreaField
            id="decision-reason-text"
            name="reasonText"
            label="Reason details"
            hint='Recorded in the action log; needed with "Other".'
            rows={2}
            maxLength={500}
            error={action.failure?.fieldErrors?.reasonText?.[0]}
          />
        </div>
        {decision === "remove" && (
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">With the removal</legend>
            <div className="mt-1 flex flex-col gap-1">
              {[
                ["blockForReporters", "Block the sender for each reporter"],
                ["deactivateSender", "Deactivate the sender"],
                ["banFromGroup", "Ban the sender from this group"],
              ].map(([name, label]) => (
                <label key={name} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name={name} className="size-4 accent-brand-600" />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {nothingChosen && fromSelection && <p className="text-sm text-slate-600">Select reports in the list first.</p>}
        <Button
          type="submit"
          variant={decision === "remove" ? "danger" : "primary"}
          disabled={nothingChosen || preview.pending}
        >
          {decision === "keep" ? "Keep" : "Remove message"}
        </Button>
      </form>
      {!request && (action.failure ?? preview.failure) && (
        <ActionFailure failure={(action.failure ?? preview.failure)!} labels={FIELD_LABELS} />
      )}
      <ConfirmDialog
        open={request !== null}
        title={request?.decision === "keep" ? "Keep the reported messages?" : "Remove the reported messages?"}
        confirmLabel={confirmLabel(request)}
        pendingLabel={request?.size.runsAsJob ? "Starting the job…" : "Deciding…"}
        tone={request?.decision === "keep" ? "primary" : "danger"}
        pending={action.pending}
        onConfirm={confirm}
        onClose={() => {
          action.reset();
          setRequest(null);
        }}
        failure={action.failure}
        failureLabels={FIELD_LABELS}
      >
        {request && (
          <>
            <DecisionSummary
              request={request}
              chosen={chosen}
              everyOfSender={request.target.kind === "sender" ? sender : undefined}
            />
            <DecisionJobNotice size={request.size} decision={request.decision} />
          </>
        )}
      </ConfirmDialog>
      {result && <DecisionResultView result={result} />}
    </div>
  );
}
