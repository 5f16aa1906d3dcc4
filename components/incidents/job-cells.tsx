import { TableCell } from "@/components/ui/table";
import { Time } from "@/components/ui/time";
import { JobSubject, type Subject } from "./job-subject";

/**
 * The first two cells of a row of jobs or requests: when it was made, and whom or where it acts,
 * after what it does when the table mixes kinds (`verb`).
 */
export function WhenAndSubjectCells({ at, job, verb }: { at: Date | string; job: Subject; verb?: string }) {
  return (
    <>
      <TableCell className="font-mono text-xs">
        <Time at={at} />
      </TableCell>
      <TableCell className="text-xs">
        {verb ? `${verb}: ` : null}
        <JobSubject job={job} oneLine />
      </TableCell>
    </>
  );
}
