import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Time } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";
import type { Read, SenderStanding } from "@/lib/reports/report-detail";
import { accountAge, isNewAccount } from "./sender-age";

type Props = {
  sender: { uid: string; name: string; createdAt: Date | null };
  standing: SenderStanding;
  groupName: string | null;
  /** What operators noted about the sender: their count and the newest. */
  notes?: ReactNode;
};

function yesNo(read: Read<boolean>, yes: string, no: string) {
  if (!read.ok) return <span className="text-sm text-red-800">Could not be read: {read.message}</span>;
  return read.value ? <Badge tone="danger">{yes}</Badge> : <Badge tone="success">{no}</Badge>;
}

/**
 * Who sent the message: how old the account is, whether it is deactivated, banned or blocked already,
 * and what operators noted about them.
 */
export function ReportSender({ sender, standing, groupName, notes }: Props) {
  const blocked = standing.blockedBy.filter((entry) => entry.blocked.ok && entry.blocked.value).length;
  const checked = standing.blockedBy.filter((entry) => entry.blocked.ok).length;
  const unread = standing.blockedBy.flatMap((entry) => (entry.blocked.ok ? [] : [entry.blocked.message]));
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      <dt className="font-medium text-slate-700">Sender</dt>
      <dd className="min-w-0">
        <Uid uid={sender.uid} name={sender.name} />
      </dd>
      {notes && (
        <>
          <dt className="font-medium text-slate-700">Notes</dt>
          <dd className="min-w-0">{notes}</dd>
        </>
      )}
      <dt className="font-medium text-slate-700">Account created</dt>
      <dd>
        {sender.createdAt ? (
          <>
            <Time at={sender.createdAt} /> ({accountAge(sender.createdAt)} ago){" "}
            {isNewAccount(sender.createdAt) && <Badge tone="warning">New account</Badge>}
          </>
        ) : (
          <span className="text-slate-500">Not given by the chat service</span>
        )}
      </dd>
      <dt className="font-medium text-slate-700">Deactivated</dt>
      <dd>{yesNo(standing.deactivated, "Deactivated", "Active")}</dd>
      {standing.bannedFromGroup && (
        <>
          <dt className="font-medium text-slate-700">Banned from {groupName ?? "the group"}</dt>
          <dd>{yesNo(standing.bannedFromGroup, "Banned", "Not banned")}</dd>
        </>
      )}
      <dt className="font-medium text-slate-700">Blocked by the reporters</dt>
      <dd>
        {unread.length === 0 ? (
          `${blocked} of ${checked} reporters`
        ) : (
          <>
            {blocked} of the {checked} reporters checked;{" "}
            <span className="text-red-800">
              {unread.length} of {standing.blockedBy.length} could not be checked: {unread[0]}
            </span>
          </>
        )}
      </dd>
    </dl>
  );
}
