import { Badge } from "@/components/ui/badge";
import { JOB_STATUSES, type JobStatus } from "./job-labels";

export function JobStatusBadge({ status }: { status: JobStatus }) {
  const { label, tone } = JOB_STATUSES[status];
  return <Badge tone={tone}>{label}</Badge>;
}
