import Link from "next/link";
import type { BlockJob } from "@/lib/incidents/jobs";
import { formatCount, formatUtc } from "./format";
import { jobCountsSummary, jobPurposeLabel } from "./job-labels";
import { JobStatusBadge } from "./job-status-badge";
import { UtcTime } from "./utc-time";

const HEAD = "px-3 py-2 font-medium whitespace-nowrap";

/** The latest jobs, newest first, each with a way to its page. */
export function JobsTable({ jobs, caption }: { jobs: BlockJob[]; caption: string }) {
  if (jobs.length === 0)
    return <p className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-600">No jobs yet.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left">
          <tr>
            <th scope="col" className={HEAD}>
              Created (UTC)
            </th>
            <th scope="col" className={HEAD}>
              Blocker
            </th>
            <th scope="col" className={HEAD}>
              Job
            </th>
            <th scope="col" className={HEAD}>
              Status
            </th>
            <th scope="col" className={HEAD}>
              Progress
            </th>
            <th scope="col" className={HEAD}>
              Counts
            </th>
            <th scope="col" className={HEAD}>
              Created by
            </th>
            <th scope="col" className={HEAD}>
              <span className="sr-only">Link</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {jobs.map((job) => (
            <tr key={job.id}>
              <td className="px-3 py-2 font-mono text-xs">
                <UtcTime at={job.createdAt} />
              </td>
              <td className="px-3 py-2 font-mono text-xs break-all">{job.blockerUid}</td>
              <td className="px-3 py-2">{jobPurposeLabel(job)}</td>
              <td className="px-3 py-2">
                <JobStatusBadge status={job.status} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                {formatCount(job.doneCount)} of {formatCount(job.total)}
              </td>
              <td className="px-3 py-2 text-slate-700">{jobCountsSummary(job)}</td>
              <td className="px-3 py-2 text-slate-700">{job.createdByEmail}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <Link href={`/incidents/${job.id}`} className="text-brand-700 underline">
                  View job
                  <span className="sr-only">
                    {" "}
                    for {job.blockerUid} created {formatUtc(job.createdAt)}
                  </span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
