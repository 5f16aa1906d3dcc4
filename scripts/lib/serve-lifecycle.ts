import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { beginDraining, pause, runShutdownPhase } from "../../lib/lifecycle";
import { log } from "../../lib/log";

/**
 * Paths whose answers are logged at debug level only: probes, the live reads pages poll (a job's
 * progress, the requests for approval), static files and the chat API's traffic.
 */
const QUIET =
  /^\/(api\/(health|ready|approvals)$|api\/incidents\/[^/]+\/progress$|_next\/|favicon\.ico$|icon\.svg$|v3(\/|$))/;

/**
 * One log line a request, once it is answered: its id (and the load balancer's, when it sent one in
 * X-Request-Id), method, path without the query, status and duration.
 */
export function logRequest(request: IncomingMessage, response: ServerResponse, requestId: string): void {
  const path = (request.url ?? "/").split("?")[0]!;
  const quiet = QUIET.test(path);
  // The chat service's traffic runs to thousands a second: below debug it costs nothing.
  if (quiet && !log().isLevelEnabled("debug")) return;
  const started = performance.now();
  response.once("close", () => {
    const forwarded = request.headers["x-request-id"];
    const entry = {
      requestId,
      ...(typeof forwarded === "string" ? { forwardedRequestId: forwarded.slice(0, 200) } : {}),
      method: request.method,
      path,
      status: response.statusCode,
      durationMs: Math.round(performance.now() - started),
      ...(response.writableFinished ? {} : { aborted: true }),
    };
    if (quiet) log().debug(entry, "request");
    else log().info(entry, "request");
  });
}

/**
 * Stops taking connections and waits for the requests under way until `deadline`; idle keep-alive
 * connections are closed as they become idle, and whatever is left at the deadline is cut.
 */
export async function closeHttpServer(server: Server, deadline: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  let done = false;
  void closed.then(() => (done = true));
  while (!done && Date.now() < deadline) {
    server.closeIdleConnections();
    await Promise.race([closed, pause(Math.min(100, deadline - Date.now()))]);
  }
  if (!done) {
    log().warn("requests still open at the end of the shutdown grace were cut off");
    server.closeAllConnections();
    await closed;
  }
}

let shuttingDown = false;

/**
 * SIGTERM (or SIGINT): the process reports not ready, its runners take no new work and finish or
 * give back what they hold, then the server stops taking requests and finishes those under way,
 * all within the grace; then the databases close and the process exits 0. A second signal meanwhile
 * changes nothing: the shutdown is already under way, and bounded.
 */
export async function shutDown(
  signal: NodeJS.Signals,
  graceMs: number,
  closeServer: (deadline: number) => Promise<void>,
): Promise<never> {
  if (shuttingDown) return new Promise<never>(() => undefined);
  shuttingDown = true;
  const started = Date.now();
  const deadline = started + graceMs;
  log().info({ signal, graceSeconds: graceMs / 1000 }, "shutting down");
  beginDraining();
  try {
    await runShutdownPhase("work", deadline);
    await closeServer(deadline);
    // The databases close however long the rest took: closing is quick, and nothing is left to wait for.
    await runShutdownPhase("close", Date.now() + 5_000);
    log().info({ durationMs: Date.now() - started }, "stopped");
    process.exit(0);
  } catch (err) {
    log().error({ err }, "the shutdown failed");
    process.exit(1);
  }
}
