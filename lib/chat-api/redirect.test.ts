import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatApiClient } from "./client";
import { ChatApiError } from "./errors";

const API_KEY = "redirect-test-key";

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

describe("a chat service that redirects, over real HTTP", () => {
  const seenByTarget: IncomingHttpHeaders[] = [];
  const target = createServer((request, response) => {
    seenByTarget.push(request.headers);
    response.writeHead(200, { "Content-Type": "application/json" }).end('{"data":{"uid":"x","name":"x"}}');
  });
  let redirector: Server;
  let baseUrl = "";

  beforeAll(async () => {
    const targetUrl = await listen(target);
    redirector = createServer((request, response) =>
      response
        .writeHead(Number(request.url?.includes("permanent") ? 308 : 302), { Location: `${targetUrl}/v3/users/x` })
        .end(),
    );
    baseUrl = `${await listen(redirector)}/v3`;
  });
  afterAll(() => {
    target.close();
    redirector.close();
  });

  it.each(["x", "permanent"])(
    "is an error naming the redirect, and the key never reaches its target (%s)",
    async (uid) => {
      const client = createChatApiClient({ baseUrl, apiKey: API_KEY, timeoutMs: 2000 });
      const error = await client.getUser(uid).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ChatApiError);
      expect((error as ChatApiError).kind).toBe("redirected");
      expect((error as ChatApiError).userMessage).toMatch(/redirected the request \(HTTP 30[28]\)/);
      expect(seenByTarget).toHaveLength(0);
    },
  );
});
