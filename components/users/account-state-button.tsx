"use client";

import { ReasonActionButton } from "@/components/ui/reason-action-button";
import { deactivateUserAction } from "@/lib/users/deactivate-user";
import { reactivateUserAction } from "@/lib/users/reactivate-user";

const unanswered = (what: string) =>
  `The console could not reach its server, so it does not know whether the account was ${what}. Check the action log before trying again.`;

/** "Deactivate" an active account, or "Reactivate" a deactivated one: confirmed, naming the account, with a reason. */
export function AccountStateButton({ uid, name, deactivated }: { uid: string; name: string; deactivated: boolean }) {
  const who = name && name !== uid ? `${name} (${uid})` : uid;
  if (deactivated)
    return (
      <ReasonActionButton
        label="Reactivate"
        labelDetail={uid}
        title={`Reactivate ${who}?`}
        confirmLabel="Reactivate"
        pendingLabel="Reactivating…"
        tone="primary"
        action={reactivateUserAction}
        input={(reason) => ({ uid, reason })}
        done={() => `Reactivated ${uid}.`}
        unanswered={unanswered("reactivated")}
      >
        <p>
          <strong className="[overflow-wrap:anywhere]">{who}</strong> can sign in and send messages again, with the
          conversations, groups and blocks the account had.
        </p>
      </ReasonActionButton>
    );
  return (
    <ReasonActionButton
      label="Deactivate"
      labelDetail={uid}
      variant="danger"
      title={`Deactivate ${who}?`}
      confirmLabel="Deactivate"
      pendingLabel="Deactivating…"
      action={deactivateUserAction}
      input={(reason) => ({ uid, reason })}
      done={() => `Deactivated ${uid}.`}
      unanswered={unanswered("deactivated")}
    >
      <p>
        <strong className="[overflow-wrap:anywhere]">{who}</strong> can no longer sign in or send messages, and the chat
        service answers as if the account did not exist until it is reactivated. Its messages are kept.
      </p>
    </ReasonActionButton>
  );
}
