import { getDb } from "@/lib/db/client";
import { jobProgress } from "@/lib/incidents/jobs";
import { readRoute } from "@/lib/reads/route";
import { jobIdSchema } from "@/lib/incidents/schemas";

export const dynamic = "force-dynamic";

const read = readRoute({
  permission: "incidents.read",
  describe: "follow jobs",
  params: jobIdSchema,
  read: async ({ jobId }) => jobProgress(await getDb(), jobId),
  missing: "No job has that id.",
});

/** A job's progress, read every second by its page while it can still change. */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return read({ jobId: (await params).id });
}
