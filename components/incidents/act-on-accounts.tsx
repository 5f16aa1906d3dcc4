"use client";

import { MountOnceAsked } from "@/components/ui/mount-once-asked";
import { lazy, useId, useState } from "react";
import { ActionFailure } from "@/components/ui/action-failure";
import { Button } from "@/components/ui/button";
import { previewIncidentAction } from "@/lib/incidents/actions/preview-incident";
import { previewBanAction } from "@/lib/incidents/actions/preview-ban";
import { previewDeactivateAction } from "@/lib/incidents/actions/preview-deactivate";
import { previewDeleteMessagesAction } from "@/lib/incidents/actions/preview-delete-messages";
import type { RaidJobPreview } from "@/lib/incidents/raid-job-actions";
import { useServerAction } from "@/lib/actions/use-server-action";
import { formatCount } from "@/lib/format/numbers";
import type { RaidJobRequest } from "./raid-job-dialog";

/** Loaded when first asked for, not with the page (MountOnceAsked). */
const RaidJobDialog = lazy(() => import("./raid-job-dialog").then((module) => ({ default: module.RaidJobDialog })));

type Kind = RaidJobPreview["kind"];

export type AccountActions = { block: boolean; deactivate: boolean; ban: boolean; deleteMessages: boolean };

type ActOnAccountsProps = {
  /** The accounts chosen: the selected senders, or a pasted list. */
  uids: string[];
  /** The search they came from: their matching messages are what "Delete their messages" deletes. */
  searchId?: string;
  /** The group to ban them from, and the user to block them for, when the search names them. */
  group?: string | null;
  blockFor?: string | null;
  allowed: AccountActions;
  /** Whether the operator (an admin) may start a job past the approval threshold without approval. */
  canBreakGlass: boolean;
};

const PREVIEWS = {
  deactivate: previewDeactivateAction,
  ban: previewBanAction,
  delete_messages: previewDeleteMessagesAction,
} as const;

const UNANSWERED = "The console's server did not answer, so there is no preview. Check the connection and try again.";

/**
 * What can be done to the chosen accounts: "Block for <user>", "Deactivate", "Ban from <group>",
 * "Delete their messages". Each is previewed on the server (those already so counted apart), then
 * confirmed with a reason, and runs as an incident job whose page follows it.
 */
export function ActOnAccounts({ uids, searchId, group, blockFor, allowed, canBreakGlass }: ActOnAccountsProps) {
  const statusId = useId();
  const [request, setRequest] = useState<RaidJobRequest | null>(null);
  const blockPreview = useServerAction(previewIncidentAction, { unanswered: UNANSWERED });
  const preview = useServerAction(
    (input: { kind: Kind; text: string; group?: string; searchId?: string }) => PREVIEWS[input.kind](input),
    { unanswered: UNANSWERED },
  );
  const text = uids.join("\n");
  const none = uids.length === 0;
  const failure = blockPreview.failure ?? preview.failure;

  function previewBlock(blocker: string) {
    void blockPreview.run({ blocker, text }, (answer) => {
      if (!answer.ok) return;
      const result = answer.data;
      setRequest({
        kind: "block",
        blocker,
        uids: [...result.toBlock, ...result.alreadyBlocked],
        toSend: result.toBlock.length,
        already: result.alreadyBlocked.length,
        messages: 0,
        preview: { invalid: result.invalid.length, duplicates: result.duplicates, selfExcluded: result.selfExcluded },
        needsApproval: result.needsApproval,
        approvalThreshold: result.approvalThreshold,
      });
    });
  }

  function previewKind(kind: Kind) {
    const target = { kind, text, group: kind === "ban" ? (group ?? undefined) : undefined, searchId };
    void preview.run(target, (answer) => {
      if (!answer.ok) return;
      const result = answer.data;
      setRequest({
        kind,
        uids: result.uids,
        toSend: result.uids.length - result.already.length,
        already: result.already.length,
        messages: result.messages,
        group: result.group,
        searchId,
        preview: { invalid: result.invalid.length, duplicates: result.duplicates, selfExcluded: false },
        needsApproval: result.needsApproval,
        approvalThreshold: result.approvalThreshold,
      });
    });
  }

  const busy = blockPreview.pending || preview.pending;
  return (
    <div className="space-y-3">
      <p id={statusId} role="status" className="text-sm font-medium text-slate-900">
        {none ? "Select senders, or paste UIDs, to act on them." : `${formatCount(uids.length)} accounts chosen.`}
        {busy ? " Previewing…" : ""}
      </p>
      <div className="flex flex-wrap gap-3">
        {allowed.block && blockFor && (
          <Button variant="secondary" disabled={none || busy} onClick={() => previewBlock(blockFor)}>
            Block for {blockFor}
          </Button>
        )}
        {allowed.deactivate && (
          <Button variant="secondary" disabled={none || busy} onClick={() => previewKind("deactivate")}>
            Deactivate
          </Button>
        )}
        {allowed.ban && group && (
          <Button variant="secondary" disabled={none || busy} onClick={() => previewKind("ban")}>
            Ban from {group}
          </Button>
        )}
        {allowed.deleteMessages && searchId && (
          <Button variant="secondary" disabled={none || busy} onClick={() => previewKind("delete_messages")}>
            Delete their messages
          </Button>
        )}
      </div>
      {failure && <ActionFailure failure={failure} />}
      <MountOnceAsked when={request !== null}>
        <RaidJobDialog request={request} canBreakGlass={canBreakGlass} onClose={() => setRequest(null)} />
      </MountOnceAsked>
    </div>
  );
}
