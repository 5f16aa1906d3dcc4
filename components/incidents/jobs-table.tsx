import { AppLink } from "@/components/ui/app-link";
import { DataTable, TableCell, EmptyTable, type Column } from "@/components/ui/table";
import type { BlockJob } from "@/lib/incidents/jobs";
import { formatCount } from "@/lib/format/numbers";
import { formatUtc } from "@/lib/format/time";
import { jobCountsSummary, jobPurposeLabel } from "./job-labels";
import { JobStatusBadge } from "./job-status-badge";
import { WhenAndSubjectCells } from "./job-cells";

const COLUMNS: Column[] = [
  "Created",
  "On behalf of or in",
  "Job",
  "Status",
  "Progress",
  "Counts",
  "Created by",
  { label: "Link", srOnly: true },
];

/** The latest jobs, newest first, each with a way to its page. */
export function JobsTable({ jobs, caption }: { jobs: BlockJob[]; caption: string }) {
  if (jobs.length === 0) return <EmptyTable>No jobs yet.</EmptyTable>;
  return (
    <DataTable caption={caption} captionSrOnly columns={COLUMNS}>
      {jobs.map((job) => (
        <tr key={job.id}>
          <WhenAndSubjectCells at={job.createdAt} job={job} />
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
            <AppLink href={`/incidents/${job.id}`} className="text-brand-700 underline">
              View job
              <span className="sr-only">
                {" "}
                for {job.blockerUid} created {formatUtc(job.createdAt)}
              </span>
            </AppLink>
          </TableCell>
        </tr>
      ))}
    </DataTable>
  );
}
