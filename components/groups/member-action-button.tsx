"use client";

import { ReasonActionButton } from "@/components/ui/reason-action-button";
import { banGroupMemberAction } from "@/lib/groups/actions/ban-member";
import { kickGroupMemberAction } from "@/lib/groups/actions/kick-member";
import { unbanGroupMemberAction } from "@/lib/groups/actions/unban-member";

const KINDS = {
  kick: {
    label: "Kick",
    action: kickGroupMemberAction,
    pending: "Kicking…",
    done: "Kicked",
    says: "leaves the group, and may join it again.",
  },
  ban: {
    label: "Ban",
    action: banGroupMemberAction,
    pending: "Banning…",
    done: "Banned",
    says: "leaves the group, and cannot join it again or be added back until unbanned.",
  },
  unban: {
    label: "Unban",
    action: unbanGroupMemberAction,
    pending: "Unbanning…",
    done: "Unbanned",
    says: "may join the group again; unbanning does not make them a member.",
  },
} as const;

type MemberActionButtonProps = {
  kind: keyof typeof KINDS;
  group: { guid: string; name: string | null };
  user: { uid: string; name: string | null };
};

/** "Kick", "Ban" or "Unban" one user of a group: confirmed, naming the user and the group, with a reason. */
export function MemberActionButton({ kind, group, user }: MemberActionButtonProps) {
  const { label, action, pending, done, says } = KINDS[kind];
  const who = user.name ? `${user.name} (${user.uid})` : user.uid;
  const where = group.name ? `${group.name} (${group.guid})` : group.guid;
  return (
    <ReasonActionButton
      label={label}
      labelDetail={user.uid}
      variant={kind === "unban" ? "secondary" : "danger"}
      tone={kind === "unban" ? "primary" : "danger"}
      title={`${label} ${who} from ${where}?`}
      confirmLabel={label}
      pendingLabel={pending}
      action={action}
      input={(reason) => ({ guid: group.guid, uid: user.uid, reason })}
      done={() => `${done} ${user.uid}.`}
      unanswered={`The console could not reach its server, so it does not know whether ${user.uid} was ${done.toLowerCase()}. Check the action log before trying again.`}
    >
      <p className="[overflow-wrap:anywhere]">
        <strong>{who}</strong> {says} Group: <strong>{where}</strong>.
      </p>
    </ReasonActionButton>
  );
}
