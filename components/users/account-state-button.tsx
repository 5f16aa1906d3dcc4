"use client";

import { ReasonActionButton } from "@/components/ui/reason-action-button";
import { deactivateUserAction } from "@/lib/users/actions/deactivate-user";
import { reactivateUserAction } from "@/lib/users/actions/reactivate-user";

const CHANGES = {
  deactivate: {
    label: "Deactivate",
    pending: "Deactivating…",
    done: "Deactivated",
    action: deactivateUserAction,
    says: "can no longer sign in or send messages, and the chat service answers as if the account did not exist until it is reactivated. Its messages are kept.",
  },
  reactivate: {
    label: "Reactivate",
    pending: "Reactivating…",
    done: "Reactivated",
    action: reactivateUserAction,
    says: "can sign in and send messages again, with the conversations, groups and blocks the account had.",
  },
} as const;

/** "Deactivate" an active account, or "Reactivate" a deactivated one: confirmed, naming the account, with a reason. */
export function AccountStateButton({ uid, name, deactivated }: { uid: string; name: string; deactivated: boolean }) {
  const change = deactivated ? "reactivate" : "deactivate";
  const { label, pending, done, action, says } = CHANGES[change];
  const who = name && name !== uid ? `${name} (${uid})` : uid;
  return (
    <ReasonActionButton
      label={label}
      labelDetail={uid}
      variant={deactivated ? "secondary" : "danger"}
      tone={deactivated ? "primary" : "danger"}
      title={`${label} ${who}?`}
      confirmLabel={label}
      pendingLabel={pending}
      action={action}
      input={(reason) => ({ uid, reason })}
      done={() => `${done} ${uid}.`}
      unanswered={`The console could not reach its server, so it does not know whether the account was ${done.toLowerCase()}. Check the action log before trying again.`}
    >
      <p>
        <strong className="[overflow-wrap:anywhere]">{who}</strong> {says}
      </p>
    </ReasonActionButton>
  );
}
