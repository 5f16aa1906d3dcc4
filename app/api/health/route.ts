/**
 * Liveness: the process serves requests. No session, no details, nothing checked beyond that:
 * a database or chat service that is down makes the console not ready (/api/ready), and restarting
 * it would not help.
 */
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
