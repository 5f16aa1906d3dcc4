import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createChatApiClient, type ChatApiClientOptions } from "@/lib/chat-api/client";
import { ChatApiError } from "@/lib/chat-api/errors";
import { log } from "@/lib/log";
import { chatCall } from "../support/chat-client";
import { freePort, startConsole, type ConsoleServer } from "../support/console-server";

let server: ConsoleServer;

beforeAll(async () => {
  server = await startConsole();
});
afterEach(async () => {
  vi.restoreAllMocks();
  expect((await chatCall(server, "DELETE", "/embedded/settings")).status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

const client = (options: Partial<ChatApiClientOptions> = {}) =>
  createChatApiClient({ baseUrl: server.chatBaseUrl, apiKey: server.apiKey, timeoutMs: 5000, ...options });

async function faults(settings: Record<string, unknown>) {
  expect((await chatCall(server, "PUT", "/embedded/settings", { body: settings })).status).toBe(200);
}

async function failureOf(promise: Promise<unknown>): Promise<ChatApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ChatApiError);
  return error as ChatApiError;
}

/** A fetch that passes the embedded service's answer through `rewrite` before the client reads it. */
function rewritingFetch(rewrite: (body: any) => unknown): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const body = rewrite(await response.json());
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
}

const answering =
  (status: number, body: string): typeof fetch =>
  async () =>
    new Response(body, { status });

const noWait = () => vi.fn<(ms: number) => Promise<void>>(async () => undefined);

describe("reading and changing records", () => {
  it("getUser parses the record and keeps the fields it does not know", async () => {
    const result = await client().getUser("kwame-mensah");
    expect(result).toMatchObject({ status: 200, attempts: 1 });
    expect(result.data).toMatchObject({ uid: "kwame-mensah", name: expect.any(String), createdAt: expect.any(Number) });
    expect(result.data.metadata).toEqual({ plan: "pro" });
    expect(result.raw).toEqual({ data: result.data });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);

    const added = await client({
      fetch: rewritingFetch((body) => ({ ...body, data: { ...body.data, badge: { level: 3 } } })),
    }).getUser("kwame-mensah");
    expect(added.data.badge).toEqual({ level: 3 });
  });

  it("reads and replaces a conversation's tags, as a list of records", async () => {
    const read = await client().getConversation({ kind: "user", id: "cometchat-uid-2" }, "cometchat-uid-1");
    expect(read.data).toHaveLength(1);
    expect(read.data[0]).toMatchObject({
      conversationId: "cometchat-uid-1_user_cometchat-uid-2",
      conversationType: "user",
      unreadMessageCount: expect.any(String),
      tags: ["sent"],
      conversationWith: { uid: "cometchat-uid-2" },
      lastMessage: { id: expect.any(String) },
    });

    const updated = await client().updateConversationTags({ kind: "user", id: "cometchat-uid-2" }, "cometchat-uid-1", [
      "sent",
      "vip",
    ]);
    expect(updated.data[0]?.tags).toEqual(["sent", "vip"]);
    expect(updated.raw).toEqual({ data: updated.data });

    const silent = await client().getConversation({ kind: "user", id: "cometchat-uid-5" }, "cometchat-uid-4");
    expect(silent.data[0]?.lastMessage).toBeUndefined();
  });

  it("normalises a conversation sent as one object, as the real service once did, to a list of one", async () => {
    const single = client({ fetch: rewritingFetch((body) => ({ data: body.data[0] })) });
    const result = await single.getConversation({ kind: "user", id: "cometchat-uid-2" }, "cometchat-uid-1");
    expect(Array.isArray((result.raw as any).data)).toBe(false);
    expect(result.data).toHaveLength(1);
    expect(result.data[0]?.conversationId).toBe("cometchat-uid-1_user_cometchat-uid-2");
  });

  it("blocks, lists and unblocks, with an outcome per UID, the unknown and the blocker itself included", async () => {
    const blocked = await client().blockUsers("cometchat-uid-3", [
      "kevin-price",
      "brittany-cole",
      "no-such-user",
      "cometchat-uid-3",
    ]);
    expect(blocked.data["kevin-price"]).toEqual({
      success: true,
      message: "The user with UID cometchat-uid-3 has blocked user with UID kevin-price successfully.",
    });
    expect(blocked.data["brittany-cole"]).toMatchObject({
      success: true,
      message: expect.stringMatching(/already blocked/),
    });
    expect(blocked.data["no-such-user"]).toMatchObject({
      success: false,
      message: expect.stringMatching(/does not exist/),
    });
    expect(blocked.data["cometchat-uid-3"]).toMatchObject({ success: false });

    const page = await client().listBlockedUsers("cometchat-uid-3", { page: 1, perPage: 1 });
    expect(page.data.data).toHaveLength(1);
    expect(page.data.data[0]).toMatchObject({ blockedByMe: true, blockedAt: expect.any(Number) });
    expect(page.data.meta?.pagination).toMatchObject({
      total: 2,
      count: 1,
      per_page: 1,
      current_page: 1,
      total_pages: 2,
    });

    const unblocked = await client().unblockUsers("cometchat-uid-3", ["kevin-price"]);
    expect(unblocked.data["kevin-price"]).toMatchObject({ success: true, message: expect.stringMatching(/unblocked/) });
  });
});

describe("time-outs and retries", () => {
  it("stops waiting after timeoutMs and does not retry", async () => {
    await faults({ latencyMs: 1500 });
    const error = await failureOf(client({ timeoutMs: 500 }).getUser("cometchat-uid-1"));
    expect(error).toMatchObject({ kind: "timeout", attempts: 1, status: undefined });
    expect(error.durationMs).toBeLessThan(1400);
    expect(error.userMessage).toBe(
      "The chat service did not answer within 0.5 seconds: try again; if it keeps happening, the service may be down.",
    );
  });

  it("retries a 503 with backoff and gives up after 3 attempts", async () => {
    await faults({ errorRate: 1, errorStatus: "503" });
    const sleep = noWait();
    const error = await failureOf(client({ sleep }).getUser("cometchat-uid-1"));
    expect(error).toMatchObject({ kind: "unavailable", attempts: 3, status: 503, code: "ERR_SERVICE_UNAVAILABLE" });
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(sleep.mock.calls[0]?.[0]).toBeLessThan(250);
    expect(sleep.mock.calls[1]?.[0]).toBeLessThan(500);
    expect(error.userMessage).toBe(
      "The chat service failed (HTTP 503, ERR_SERVICE_UNAVAILABLE) after 3 attempts: try again in a minute.",
    );
  });

  it("does not retry a 500", async () => {
    await faults({ errorRate: 1, errorStatus: "500" });
    const sleep = noWait();
    const error = await failureOf(client({ sleep }).blockUsers("cometchat-uid-3", ["kevin-price"]));
    expect(error).toMatchObject({ kind: "server_error", attempts: 1, status: 500, code: "ERR_INTERNAL_SERVER_ERROR" });
    expect(sleep).not.toHaveBeenCalled();
  });

  it("waits out a burst of 429s for real, as long as Retry-After says", async () => {
    await faults({ rateLimitBurst: 2, retryAfterSeconds: 1 });
    const started = Date.now();
    const result = await client().getUser("cometchat-uid-1");
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(result).toMatchObject({ status: 200, attempts: 3 });
    expect(result.durationMs).toBeGreaterThanOrEqual(1990);
  });

  it("fails as rate limited when the 429s outlast its attempts", async () => {
    await faults({ rateLimitBurst: 5, retryAfterSeconds: 1 });
    const sleep = noWait();
    const error = await failureOf(client({ sleep }).getUser("cometchat-uid-1"));
    expect(error).toMatchObject({
      kind: "rate_limited",
      attempts: 3,
      status: 429,
      code: "ERR_TOO_MANY_REQUESTS",
      retryAfterSeconds: 1,
    });
    expect(sleep.mock.calls).toEqual([[1000], [1000]]);
    expect(error.userMessage).toBe(
      "The chat service is rate limiting the console (ERR_TOO_MANY_REQUESTS): wait 1 second and try again.",
    );
  });

  it("fails at once when the service asks for a longer wait than maxRetryWaitMs", async () => {
    await faults({ rateLimitBurst: 1, retryAfterSeconds: 30 });
    const sleep = noWait();
    const error = await failureOf(client({ sleep, maxRetryWaitMs: 5000 }).getUser("cometchat-uid-1"));
    expect(error).toMatchObject({ kind: "rate_limited", attempts: 1, retryAfterSeconds: 30 });
    expect(sleep).not.toHaveBeenCalled();
  });
});

describe("failures", () => {
  it("401 for a wrong key, without repeating it", async () => {
    const wrongKey = "wrong-key-4c1d";
    const error = await failureOf(client({ apiKey: wrongKey }).getUser("cometchat-uid-1"));
    expect(error).toMatchObject({ kind: "unauthorized", status: 401, code: "AUTH_ERR_APIKEY_NOT_FOUND", attempts: 1 });
    expect(error.userMessage).toBe(
      "The chat service rejected the console's API key (AUTH_ERR_APIKEY_NOT_FOUND): ask an admin to check CHAT_API_KEY.",
    );
    for (const text of [error.userMessage, error.message, error.serviceMessage ?? ""])
      expect(text).not.toContain(wrongKey);
  });

  it("404 for an unknown UID, naming it", async () => {
    const error = await failureOf(client().getUser("no-such-user"));
    expect(error).toMatchObject({ kind: "not_found", status: 404, code: "ERR_UID_NOT_FOUND" });
    expect(error.userMessage).toBe("The chat service has no user with UID no-such-user (ERR_UID_NOT_FOUND).");
  });

  it("400 with the service's first detail", async () => {
    const tooMany = Array.from({ length: 26 }, (_, i) => `tag-${i}`);
    const error = await failureOf(
      client().updateConversationTags({ kind: "user", id: "cometchat-uid-2" }, "cometchat-uid-1", tooMany),
    );
    expect(error).toMatchObject({
      kind: "bad_request",
      status: 400,
      code: "ERR_BAD_REQUEST",
      details: { tags: [expect.any(String)] },
    });
    expect(error.userMessage).toBe(
      "The chat service refused the request (ERR_BAD_REQUEST): At most 25 tags are allowed.",
    );
  });

  it("an answer that is not JSON, or not the expected shape, is malformed and logged", async () => {
    const logged = vi.spyOn(log(), "error").mockImplementation(() => undefined);
    for (const body of ["not json", '{"data": 5}']) {
      const error = await failureOf(
        client({ fetch: answering(200, body) }).getConversation(
          { kind: "user", id: "cometchat-uid-2" },
          "cometchat-uid-1",
        ),
      );
      expect(error).toMatchObject({ kind: "malformed_response", status: 200, attempts: 1 });
      expect(error.userMessage).toBe(
        "The chat service sent an answer the console could not read (HTTP 200): the raw answer is in the server log; try again or report it.",
      );
    }
    expect(logged).toHaveBeenCalledTimes(2);
    expect(JSON.stringify(logged.mock.calls[1])).toContain(JSON.stringify('{"data": 5}').slice(1, -1));
  });

  it("an error answer that is not the vendor's shape keeps the kind of its status", async () => {
    const error = await failureOf(
      client({ fetch: answering(502, "<html>Bad gateway</html>") }).getUser("cometchat-uid-1"),
    );
    expect(error).toMatchObject({ kind: "server_error", status: 502, code: undefined, attempts: 1 });
  });

  it("a closed port is a network failure, not retried", async () => {
    const closed = `http://127.0.0.1:${await freePort()}/v3`;
    const sleep = noWait();
    const error = await failureOf(client({ baseUrl: closed, sleep }).getUser("cometchat-uid-1"));
    expect(error).toMatchObject({ kind: "network", attempts: 1, status: undefined });
    expect(sleep).not.toHaveBeenCalled();
    expect(error.userMessage).toMatch(/could not reach the chat service/);
  });
});
