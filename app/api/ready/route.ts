import { readiness } from "@/lib/health/readiness";

/**
 * Readiness, for a load balancer: 200 when this process can serve (database reachable and
 * migrated, chat service reachable, job runner alive), else 503; the body names what is wrong.
 * No session; not recorded in the action log.
 */
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const report = await readiness();
  return Response.json(report, {
    status: report.status === "ready" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
