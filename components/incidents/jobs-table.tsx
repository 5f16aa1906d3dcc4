import Link from "next/link";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableColumnHeader,
  TableContainer,
  TableHead,
} from "@/components/ui/table";
import type { BlockJob } from "@/lib/incidents/jobs";
import { formatCount, formatUtc } from "./format";
import { jobCountsSummary, jobPurposeLabel } from "./job-labels";
import { JobStatusBadge } from "./job-status-badge";
import { UtcTime } from "./utc-time";

const HEAD = "whitespace-nowrap";

/** The latest jobs, newest first, each with a way to its page. */
export function JobsTable({ jobs, caption }: { jobs: BlockJob[]; caption: string }) {
  if (jobs.length === 0)
    return <p className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-600">No jobs yet.</p>;
  return (
    <TableContainer>
      <Table className="min-w-full">
        <TableCaption srOnly>{caption}</TableCaption>
        <TableHead className="text-left">
          <tr>
            <TableColumnHeader className={HEAD}>Created (UTC)</TableColumnHeader>
            <TableColumnHeader className={HEAD}>Blocker</TableColumnHeader>
            <TableColumnHeader className={HEAD}>Job</TableColumnHeader>
            <TableColumnHeader className={HEAD}>Status</TableColumnHeader>
            <TableColumnHeader className={HEAD}>Progress</TableColumnHeader>
            <TableColumnHeader className={HEAD}>Counts</TableColumnHeader>
            <TableColumnHeader className={HEAD}>Created by</TableColumnHeader>
            <TableColumnHeader className={HEAD}>
              <span className="sr-only">Link</span>
            </TableColumnHeader>
          </tr>
        </TableHead>
        <TableBody>
          {jobs.map((job) => (
            <tr key={job.id}>
              <TableCell className="font-mono text-xs">
                <UtcTime at={job.createdAt} />
              </TableCell>
              <TableCell className="font-mono text-xs break-all">{job.blockerUid}</TableCell>
              <TableCell>{jobPurposeLabel(job)}</TableCell>
              <TableCell>
                <JobStatusBadge status={job.status} />
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                {formatCount(job.doneCount)} of {formatCount(job.total)}
              </TableCell>
              <TableCell className="text-slate-700">{jobCountsSummary(job)}</TableCell>
              <TableCell className="text-slate-700">{job.createdByEmail}</TableCell>
              <TableCell className="whitespace-nowrap">
                <Link href={`/incidents/${job.id}`} className="text-brand-700 underline">
                  View job
                  <span className="sr-only">
                    {" "}
                    for {job.blockerUid} created {formatUtc(job.createdAt)}
                  </span>
                </Link>
              </TableCell>
            </tr>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
