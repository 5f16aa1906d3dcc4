import { AppLink } from "@/components/ui/app-link";
import { useId } from "react";
import { Alert } from "@/components/ui/alert";
import { Time } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";
import { JobSubject } from "@/components/incidents/job-subject";
import { JOB_KINDS } from "@/lib/incidents/job-kinds";
import type { BlockJob } from "@/lib/incidents/jobs";
import { countOf, formatCount } from "@/lib/format/numbers";
import { auditHref } from "@/lib/url-state";
import { ApprovalDecision } from "./approval-decision";
import { jobSubjectText, usersCount } from "@/components/incidents/job-labels";

/** An operator's actions in the action log. */
const actionsOf = (email: string) => auditHref({ actor: email });

function Operator({ email, role }: { email: string | null; role: string | null }) {
  if (!email) return <span>the system{role && role !== "system" ? ` (${role})` : ""}</span>;
  return (
    <AppLink href={actionsOf(email)} className="text-brand-700 underline">
      {email}
      <span className="sr-only">: their actions in the log</span>
    </AppLink>
  );
}

const DECIDED: Partial<Record<BlockJob["status"], string>> = {
  rejected: "Rejected by",
  withdrawn: "Withdrawn by",
  expired: "Expired",
};

type ApprovalPanelProps = {
  job: BlockJob;
  /** The first UIDs the job sends; the CSV has them all. */
  firstUids: string[];
  /** What the operator viewing the page may do with a request waiting for approval: support only sees it. */
  mode: "decide" | "withdraw" | "view";
};

/**
 * A large job's approval: what was asked (blocker, count, the preview's breakdown, the first UIDs and
 * the whole list), by whom, why and when, then who decided and why; while it waits, the decision.
 */
const ITEM_WORDS = {
  UIDs: usersCount,
  messages: (count: number) => countOf(count, "message", "messages"),
  calls: (count: number) => countOf(count, "call", "calls"),
};

export function ApprovalPanel({ job, firstUids, mode }: ApprovalPanelProps) {
  const headingId = useId();
  const waiting = job.status === "awaiting_approval";
  const already = job.alreadyBlockedCount + job.unchangedCount;
  const toSend = job.total - already;
  const preview = job.requestPreview;
  const kind = JOB_KINDS[job.kind];
  const subject = jobSubjectText(job);
  const breakdown = [
    { label: kind.items === "calls" ? "Calls to make" : `To ${kind.verb.toLowerCase()}`, value: formatCount(toSend) },
    {
      label: job.blockerUid ? `Already blocked by ${job.blockerUid} (not sent)` : `${kind.unchangedLabel} (not sent)`,
      value: formatCount(already),
    },
    ...(preview && job.kind !== "report_decision"
      ? [
          { label: "Invalid (left out)", value: formatCount(preview.invalid) },
          { label: "Duplicates merged", value: formatCount(preview.duplicates) },
          { label: "Blocker in the list (left out)", value: preview.selfExcluded ? "yes" : "no" },
        ]
      : []),
  ];
  const summary = job.blockerUid
    ? `Block ${usersCount(toSend)} on behalf of ${job.blockerUid}, requested by ${job.createdByEmail}.`
    : `${kind.verb} ${ITEM_WORDS[kind.items](toSend)} (${subject}), requested by ${job.createdByEmail}.`;
  const listed = kind.items === "calls" ? "First UIDs it acts on" : "First UIDs to block";
  const decidedLabel = job.breakGlass ? "Started without approval by" : (DECIDED[job.status] ?? "Approved by");

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Approval
      </h2>
      {waiting && (
        <Alert tone="warning" title="Waiting for approval">
          Nothing has been sent. Another moderator or admin must approve this job before{" "}
          <Time at={job.approvalExpiresAt} />; after that it expires.
        </Alert>
      )}
      {job.breakGlass && (
        <Alert tone="warning" title="Started without approval">
          An admin started this large job without a second operator (break glass).
        </Alert>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-600">{job.blockerUid ? "Blocker" : "Job"}</dt>
        <dd>
          {!job.blockerUid && `${kind.verb}: `}
          <JobSubject job={job} />
        </dd>
        {breakdown.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{row.value}</dd>
          </div>
        ))}
        <dt className="text-slate-600">Requested by</dt>
        <dd>
          <Operator email={job.createdByEmail} role={job.createdByRole} />
        </dd>
        <dt className="text-slate-600">Requester&apos;s reason</dt>
        <dd className="break-words text-slate-900">{job.reason}</dd>
        <dt className="text-slate-600">Requested at</dt>
        <dd>
          <Time at={job.createdAt} />
        </dd>
        {job.decidedAt && (
          <>
            <dt className="text-slate-600">{decidedLabel}</dt>
            <dd>
              {job.status === "expired" && !job.breakGlass ? (
                <>
                  at <Time at={job.approvalExpiresAt} />, undecided
                </>
              ) : (
                <Operator email={job.decidedByEmail} role={job.decidedByRole} />
              )}
            </dd>
            {job.decisionReason && (
              <>
                <dt className="text-slate-600">{job.breakGlass ? "Break-glass reason" : "Decision reason"}</dt>
                <dd className="break-words text-slate-900">{job.decisionReason}</dd>
              </>
            )}
            <dt className="text-slate-600">Decided at</dt>
            <dd>
              <Time at={job.decidedAt} />
            </dd>
          </>
        )}
      </dl>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">{listed}</h3>
        <ul aria-label={listed} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {firstUids.map((uid) => (
            <li key={uid}>
              <Uid uid={uid} />
            </li>
          ))}
        </ul>
        <a href={`/incidents/${job.id}/results`} className="text-sm text-brand-700 underline" download>
          Download the full list (CSV)
        </a>
      </div>
      {waiting && mode === "withdraw" && (
        <p className="text-sm text-slate-700">You requested this job: another moderator or admin decides on it.</p>
      )}
      {waiting && mode !== "view" && <ApprovalDecision jobId={job.id} summary={summary} mode={mode} />}
    </section>
  );
}
