import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import next from "next";
import { chatErrors } from "../chat-service/errors";
import { envOrExit, getEnv, isEmbeddedMode } from "../lib/env";
import { logSettings } from "../lib/env-log";
import { log, routeConsoleToLog } from "../lib/log";
import { publicOriginOf } from "../lib/security/public-origin";

import { API_SECURITY_HEADERS } from "../lib/security/response-headers.mjs";
import { answerClientErrorsWithSecurityHeaders, setSecurityHeaders } from "../lib/security/server-headers";
import { PEER_ADDRESS_HEADER, REQUEST_ID_HEADER } from "../lib/security/trusted-headers";
import { closeHttpServer, logRequest, shutDown } from "./lib/serve-lifecycle";

/**
 * The console's server process: node:http in front of Next, on one port.
 * - Requests under /v3 go straight to the embedded chat service, never through Next's router, which
 *   alone would cap them at a few hundred a second; everything else is Next's. The service is started
 *   here, after the console's start-up (instrumentation.ts), and Next never loads its modules. With a
 *   real upstream configured it is not started and every /v3 path is the vendor's 404.
 * - It alone knows the socket's peer address (Next.js keeps a client's X-Forwarded-For as it came):
 *   it records that address in a header of its own and removes any client-sent header the console
 *   alone may set.
 * - A path with a malformed percent-escape, which Next.js answers with a bare 500, is the client's
 *   error: a 400, in the vendor's shape under /v3.
 * - It writes the console's public origin (CONSOLE_URL, or the host the browser or proxy names) into
 *   X-Forwarded-Host and -Proto, the one value every URL of the sign-in flow is built from.
 * - Every answer carries the security headers (lib/security/response-headers.mjs), whoever makes it:
 *   Next, the chat service, or this server itself (even for a request Node's parser refuses).
 * - It gives every request its id, logs each answer, and on SIGTERM shuts the process down in
 *   order (scripts/lib/serve-lifecycle.ts).
 */
const env = envOrExit(getEnv);
if (envOrExit(logSettings).format === "json") routeConsoleToLog();
process.env.NEXT_TELEMETRY_DISABLED = "1";

const MALFORMED = "The path has a malformed percent-escape, such as %zz: write % as %25.";

const isChatApiPath = (url: string) => url === "/v3" || url.startsWith("/v3/") || url.startsWith("/v3?");

function hasMalformedEscape(url: string): boolean {
  try {
    decodeURIComponent(url.split("?")[0]!);
    return false;
  } catch {
    return true;
  }
}

function refuseMalformed(url: string, response: ServerResponse) {
  if (isChatApiPath(url)) {
    const body = chatErrors.badRequest(MALFORMED, { path: [MALFORMED] }).toBody();
    response.writeHead(400, { ...API_SECURITY_HEADERS, "Content-Type": "application/json" }).end(JSON.stringify(body));
  } else {
    setSecurityHeaders(response);
    response.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" }).end(`${MALFORMED}\n`);
  }
}

let started = false;
let chatService: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;

/**
 * Until the console has started: 503, which clients retry. Then, with the service off (a real
 * upstream configured), the vendor's 404 for good.
 */
function notMounted(request: IncomingMessage, response: ServerResponse) {
  const path = (request.url ?? "/").split("?")[0]!;
  const error = started && !isEmbeddedMode() ? chatErrors.apiNotFound(path) : chatErrors.unavailable();
  const body = JSON.stringify(error.toBody());
  response.writeHead(error.status, {
    ...API_SECURITY_HEADERS,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
  });
  response.end(body);
}

// `npm run dev` passes --dev: Next compiles on demand and reloads.
// The project's folder: npm runs every script there, and the compiled server lives elsewhere (.server/).
const app = next({ dev: process.argv.includes("--dev"), dir: process.cwd(), port: env.port });
await app.prepare();
const handleNext = app.getRequestHandler();

const server = createServer((request, response) => {
  const url = request.url ?? "/";
  const requestId = randomUUID();
  logRequest(request, response, requestId);
  if (hasMalformedEscape(url)) return refuseMalformed(url, response);
  if (isChatApiPath(url)) {
    if (chatService) chatService(request, response);
    else notMounted(request, response);
    return;
  }
  // /v3's answers carry them already, with the chat API's Content-Security-Policy.
  setSecurityHeaders(response);
  // The console's own id, never a client's: the action log and this log record it, and the answer
  // carries it, so that a report can quote it.
  request.headers[REQUEST_ID_HEADER] = requestId;
  response.setHeader("X-Request-Id", requestId);
  request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
  const origin = publicOriginOf(request.headers, "encrypted" in request.socket, env.sso.publicOrigin);
  if (origin) {
    request.headers["x-forwarded-host"] = origin.host;
    request.headers["x-forwarded-proto"] = origin.protocol;
  }
  void handleNext(request, response);
});
answerClientErrorsWithSecurityHeaders(server);
server.listen(env.port, () => {
  log().info({ port: env.port }, `Moderator Console listening on http://localhost:${env.port}`);
  // Next prepares its server, and so runs the console's start-up (instrumentation.ts), at its first
  // request rather than at start: this one, at once, rather than a user's. Then the chat service.
  fetch(`http://127.0.0.1:${env.port}/login`, { method: "HEAD" })
    .catch((err: unknown) => log().error({ err }, "the console did not answer its first request"))
    .then(async () => {
      if (!isEmbeddedMode()) return;
      const { startEmbeddedChatService } = await import("../chat-service/startup");
      chatService = await startEmbeddedChatService();
    })
    .catch((err: unknown) => {
      log().fatal({ err }, "the embedded chat service did not start");
      process.exit(1);
    })
    .finally(() => (started = true));
});

const closeServer = (deadline: number) => closeHttpServer(server, deadline);
// `on`, not `once`: a second signal during the shutdown is caught too, and changes nothing.
process.on("SIGTERM", () => void shutDown("SIGTERM", env.shutdownGraceMs, closeServer));
process.on("SIGINT", () => void shutDown("SIGINT", env.shutdownGraceMs, closeServer));
