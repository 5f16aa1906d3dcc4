"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { requestBanAction } from "@/lib/incidents/actions/request-ban";
import { requestDeactivateAction } from "@/lib/incidents/actions/request-deactivate";
import { requestDeleteMessagesAction } from "@/lib/incidents/actions/request-delete-messages";
import { startBanAction } from "@/lib/incidents/actions/start-ban";
import { startDeactivateAction } from "@/lib/incidents/actions/start-deactivate";
import { startDeleteMessagesAction } from "@/lib/incidents/actions/start-delete-messages";
import { createIncidentJobAction } from "@/lib/incidents/actions/create-incident-job";
import { requestIncidentJobAction } from "@/lib/incidents/actions/request-incident-job";
import { startWithoutApprovalAction } from "@/lib/incidents/actions/start-without-approval";
import { useServerAction } from "@/lib/actions/use-server-action";
import { countOf, formatCount } from "@/lib/format/numbers";
import { usersCount } from "./job-labels";
import { ReasonDialog, type ReasonField } from "@/components/ui/reason-dialog";
import { BreakGlassChoice } from "./break-glass-choice";

/** A previewed job on chosen accounts, waiting for its confirmation. */
export type RaidJobRequest = {
  kind: "block" | "deactivate" | "ban" | "delete_messages";
  /** Every UID of the job: those to act on and those already so, which the job records without sending. */
  uids: string[];
  toSend: number;
  already: number;
  /** Messages a deletion deletes. */
  messages: number;
  blocker?: string;
  group?: string | null;
  searchId?: string;
  preview: { invalid: number; duplicates: number; selfExcluded: boolean };
  needsApproval: boolean;
  approvalThreshold: number;
};

const JOB_REASON: ReasonField = {
  label: "Reason",
  hint: "Required. Recorded in the action log with every call of the job.",
  schema: () => import("@/lib/incidents/schemas").then((schemas) => schemas.jobReason),
};

const UNANSWERED =
  "The console's server did not answer, so it is not known whether the job started. Check the recent jobs before starting it again.";

const STARTS = {
  deactivate: [startDeactivateAction, requestDeactivateAction],
  ban: [startBanAction, requestBanAction],
  delete_messages: [startDeleteMessagesAction, requestDeleteMessagesAction],
} as const;

/**
 * Starts the confirmed job (or requests its approval) through the action of its kind; an admin's
 * break glass through the one action that starts a job of any kind without approval.
 */
function startJob(call: { request: RaidJobRequest; reason: string; breakGlassReason?: string }) {
  const { request, reason, breakGlassReason } = call;
  const { uids, preview, needsApproval } = request;
  if (breakGlassReason !== undefined) {
    const fields = { reason, uids, preview, breakGlassReason };
    return request.kind === "block"
      ? startWithoutApprovalAction({ kind: "block", blocker: request.blocker!, blockFor: "forever", ...fields })
      : startWithoutApprovalAction({
          kind: request.kind,
          group: request.group ?? undefined,
          searchId: request.searchId,
          ...fields,
        });
  }
  if (request.kind === "block") {
    const start = needsApproval ? requestIncidentJobAction : createIncidentJobAction;
    return start({ blocker: request.blocker!, reason, uids, blockFor: "forever", preview });
  }
  const start = STARTS[request.kind][needsApproval ? 1 : 0];
  return start({
    kind: request.kind,
    group: request.group ?? undefined,
    searchId: request.searchId,
    reason,
    uids,
    preview,
  });
}

/** What the confirmation is called and says: who is affected, how, and what cannot be undone. */
function wording(request: RaidJobRequest, breakGlass: boolean) {
  const users = usersCount(request.toSend);
  const asking = request.needsApproval && !breakGlass ? "Request approval to " : "";
  const words = wordingOf(request, users, asking);
  return breakGlass ? { ...words, title: `${words.title.slice(0, -1)} without approval?` } : words;
}

function wordingOf(request: RaidJobRequest, users: string, asking: string) {
  switch (request.kind) {
    case "block":
      return {
        title: `${asking || ""}${asking ? "block" : "Block"} ${users} on behalf of ${request.blocker}?`,
        verb: "block",
        body: `${request.blocker} will block ${users}, in the background. Undo: "Unblock all blocked by this job".`,
        already: `already blocked by ${request.blocker}`,
      };
    case "deactivate":
      return {
        title: `${asking}${asking ? "deactivate" : "Deactivate"} ${users}?`,
        verb: "deactivate",
        body: `The accounts can no longer sign in or send, app-wide; their messages are kept. Undo: "Reactivate all deactivated by this job".`,
        already: "already deactivated",
      };
    case "ban":
      return {
        title: `${asking}${asking ? "ban" : "Ban"} ${users} from ${request.group}?`,
        verb: "ban",
        body: `They are removed from ${request.group} and cannot join it again until unbanned. Undo: "Unban all banned by this job".`,
        already: `already banned from ${request.group}`,
      };
    case "delete_messages":
      return {
        title: `${asking}${asking ? "delete" : "Delete"} ${countOf(request.messages, "message", "messages")} of ${users}?`,
        verb: "delete",
        body: "Only the messages the search matched are deleted. Deletion cannot be undone through the console.",
        already: "",
      };
  }
}

type RaidJobDialogProps = {
  request: RaidJobRequest | null;
  /** Whether the operator (an admin) may start a job past the threshold without approval. */
  canBreakGlass: boolean;
  onClose: () => void;
};

/** Confirms a previewed job on chosen accounts, with a reason, and opens its page once it exists. */
export function RaidJobDialog({ request, canBreakGlass, onClose }: RaidJobDialogProps) {
  const router = useRouter();
  const start = useServerAction(startJob, { unanswered: UNANSWERED });
  const [breakGlass, setBreakGlass] = useState(false);
  const [breakGlassReason, setBreakGlassReason] = useState("");
  const [breakGlassError, setBreakGlassError] = useState<string>();
  const offerBreakGlass = canBreakGlass && request?.needsApproval === true;
  const breaking = offerBreakGlass && breakGlass;
  const words = request ? wording(request, breaking) : null;

  function close() {
    start.reset();
    setBreakGlass(false);
    setBreakGlassReason("");
    setBreakGlassError(undefined);
    onClose();
  }

  async function confirm(reason: string) {
    if (!request) return;
    const rules = breaking ? (await import("@/lib/incidents/schemas")).breakGlassReasonSchema : undefined;
    const glass = rules?.safeParse(breakGlassReason);
    if (glass && !glass.success) return setBreakGlassError(glass.error.issues[0]?.message);
    setBreakGlassError(undefined);
    void start.run({ request, reason, breakGlassReason: glass?.data }, (answer) => {
      if (answer.ok) router.push(`/incidents/${answer.data.jobId}`);
    });
  }

  return (
    <ReasonDialog
      open={request !== null}
      title={words?.title ?? "Start the job?"}
      confirmLabel={
        breaking
          ? "Start without approval"
          : request?.needsApproval
            ? "Request approval"
            : `Confirm ${words?.verb ?? ""}`.trim()
      }
      pendingLabel={request?.needsApproval && !breaking ? "Requesting…" : "Starting…"}
      reason={JOB_REASON}
      call={start}
      onConfirm={(reason) => void confirm(reason)}
      onClose={close}
    >
      {request && words && (
        <div className="space-y-2">
          <p>{words.body}</p>
          {request.already > 0 && (
            <p>
              {formatCount(request.already)} {words.already}: recorded with the job, not sent.
            </p>
          )}
          {request.needsApproval && !breaking && (
            <p>
              That is more than {formatCount(request.approvalThreshold)}: nothing is sent until another moderator or
              admin approves it.
            </p>
          )}
          {breaking && (
            <p>
              That is more than {formatCount(request.approvalThreshold)}, which needs a second operator&apos;s approval:
              the job starts now, flagged as started without approval.
            </p>
          )}
          {offerBreakGlass && (
            <BreakGlassChoice
              checked={breakGlass}
              onCheckedChange={setBreakGlass}
              reason={breakGlassReason}
              onReasonChange={setBreakGlassReason}
              error={breakGlassError ?? start.failure?.fieldErrors?.breakGlassReason?.[0]}
            />
          )}
        </div>
      )}
    </ReasonDialog>
  );
}
