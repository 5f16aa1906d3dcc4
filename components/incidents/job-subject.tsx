import { AppLink } from "@/components/ui/app-link";
import { Uid } from "@/components/ui/uid";
import { groupHref } from "@/lib/url-state";
import type { BlockJob } from "@/lib/incidents/jobs";

export type Subject = Pick<BlockJob, "kind" | "blockerUid" | "groupGuid">;

/**
 * Whom or where a job acts: the user a block is on behalf of (a link to their workspace, copyable),
 * the group a ban is in, or the whole app for deactivations and deletions.
 */
export function JobSubject({ job, oneLine = false }: { job: Subject; oneLine?: boolean }) {
  if (job.kind === "report_decision")
    return (
      <AppLink href="/reports" className="underline underline-offset-2">
        Reported messages
      </AppLink>
    );
  if (job.blockerUid) return <Uid uid={job.blockerUid} oneLine={oneLine} />;
  if (job.groupGuid)
    return (
      <AppLink href={groupHref(job.groupGuid)} className="break-all underline underline-offset-2">
        Group <span className="font-mono">{job.groupGuid}</span>
      </AppLink>
    );
  return <span>The whole app</span>;
}
