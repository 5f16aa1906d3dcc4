import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { startConsole, type ConsoleServer } from "../support/console-server";

/**
 * Every answer of the process carries the security headers, over real HTTP: the console's pages and
 * files, the chat API under /v3 (its 404s and errors too), `npm run chat-service` alone
 * (TEST_CHAT_SERVICE=standalone), and what Node answers by itself to a request it cannot parse.
 */
const standalone = process.env.TEST_CHAT_SERVICE === "standalone";

function expectSecurityHeaders(headers: Headers, what: string) {
  expect(headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(headers.get("x-frame-options"), what).toBe("DENY");
  expect(headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
}

/** The chat API's answers are data: they also say, in their policy, that nothing frames or loads from them. */
function expectApiPolicy(headers: Headers, what: string) {
  expectSecurityHeaders(headers, what);
  expect(headers.get("content-security-policy"), what).toBe("default-src 'none'; frame-ancestors 'none'");
}

/** One request written by hand, for what fetch refuses to send; answers the status line and headers. */
function rawRequest(port: number, request: string): Promise<{ status: number; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const [statusLine = "", ...lines] = text.split("\r\n\r\n")[0]!.split("\r\n");
      const headers = new Headers();
      for (const line of lines)
        headers.append(line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim());
      resolve({ status: Number(statusLine.split(" ")[1]), headers });
    });
  });
}

let server: ConsoleServer;

beforeAll(async () => {
  server = await startConsole();
});
afterAll(async () => {
  await server?.stop();
});

describe("security headers on every answer", () => {
  it("on the chat API's answers under /v3: success, 400, 401, 404, 405, 413", async () => {
    const calls = {
      "200": await chatCall(server, "GET", "/users/cometchat-uid-1"),
      "400 body": await chatCall(server, "PUT", "/users/cometchat-uid-2/conversation", {
        onBehalfOf: "cometchat-uid-1",
        body: { tags: ["a\u0000b"] },
      }),
      "400 malformed escape": await chatCall(server, "GET", "/users/%zz"),
      "401": await chatCall(server, "GET", "/users/cometchat-uid-1", { apiKey: null }),
      "404 user": await chatCall(server, "GET", "/users/nobody-at-all"),
      "404 path": await chatCall(server, "GET", "/no/such/api"),
      "405": await chatCall(server, "PATCH", "/users/cometchat-uid-1"),
      "413": await chatCall(server, "POST", "/users/cometchat-uid-1/blockedusers", { rawBody: "x".repeat(1_100_000) }),
    };
    for (const [what, call] of Object.entries(calls)) {
      expect(call.status, what).toBe(Number(what.slice(0, 3)));
      expectApiPolicy(call.headers, what);
    }
    const root = await fetch(`${server.baseUrl}/v3`);
    expect(root.status).toBe(404);
    expectApiPolicy(root.headers, "/v3 itself");
  });

  it("on what Node answers by itself: a request with a NUL in a header", async () => {
    const port = Number(new URL(server.baseUrl).port);
    const answer = await rawRequest(
      port,
      `GET /v3/users/cometchat-uid-1 HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: ${server.apiKey}\r\nonBehalfOf: a\u0000b\r\n\r\n`,
    );
    expect(answer.status).toBe(400);
    expectSecurityHeaders(answer.headers, "Node's 400");
  });

  it.skipIf(standalone)("on the console's pages, files, API routes, 404s and refused paths", async () => {
    const paths = ["/login", "/api/health", "/icon.svg", "/no-such-page", "/users/%zz", "/api/auth/session"];
    for (const path of paths) {
      const response = await fetch(`${server.baseUrl}${path}`, { redirect: "manual" });
      expectSecurityHeaders(response.headers, path);
    }
    const page = await fetch(`${server.baseUrl}/login`);
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});
