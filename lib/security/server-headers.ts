import { STATUS_CODES, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { SECURITY_HEADERS } from "./response-headers.mjs";

/** Sets the headers every answer carries (./response-headers.mjs) on `response`, before anyone answers it. */
export function setSecurityHeaders(response: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value);
}

const HEADER_LINES = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join("");

/** The status Node itself would answer for a request its parser refused. */
function statusOf(error: NodeJS.ErrnoException): number {
  if (error.code === "HPE_HEADER_OVERFLOW") return 431;
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") return 408;
  return 400;
}

/**
 * What Node answers by itself, before any handler runs (a request its parser refuses: a NUL or a
 * line break in a header, headers over 16 kB, a request line that is not HTTP), with the same headers
 * as every other answer; Node's own answer has none.
 */
export function answerClientErrorsWithSecurityHeaders(server: Server): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Socket) => {
    // As Node's own handler: nothing is written to a socket that is gone or already mid-answer.
    const answering = (socket as Socket & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || answering?.headersSent) {
      socket.destroy(error);
      return;
    }
    const status = statusOf(error);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${HEADER_LINES}Content-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
}
