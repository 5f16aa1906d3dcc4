import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "@/lib/log";
import { createChatApiClient } from "./client";
import { ChatApiError } from "./errors";

const API_KEY = "secret-key-123";

type Reply = { status: number; body: string; headers?: Record<string, string> };

const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body: JSON.stringify(body),
  headers,
});

/** A fetch that records each request and answers from `replies` in turn. */
function fakeFetch(...replies: Reply[]) {
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({ url: String(url), init: init ?? {} });
    const reply = replies[Math.min(requests.length, replies.length) - 1]!;
    return new Response(reply.body, { status: reply.status, headers: reply.headers });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

function clientWith(fetch: typeof globalThis.fetch, sleep = vi.fn(async () => undefined)) {
  return {
    client: createChatApiClient({
      baseUrl: "https://app.api-us.example/v3/",
      apiKey: API_KEY,
      timeoutMs: 1000,
      fetch,
      sleep,
    }),
    sleep,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<ChatApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ChatApiError);
  return error as ChatApiError;
}

const tooMany = (retryAfter?: string) =>
  json(
    429,
    { error: { code: "ERR_TOO_MANY_REQUESTS", message: "Too many requests." } },
    retryAfter === undefined ? {} : { "Retry-After": retryAfter },
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe("requests", () => {
  it("address a group's conversation under /groups and list with only the parameters given", async () => {
    const { fetch, requests } = fakeFetch(
      json(200, { data: [{ conversationId: "group_g", conversationType: "group" }] }),
      json(200, {
        data: [],
        meta: { pagination: { total: 0, count: 0, per_page: 5, current_page: 2, total_pages: 0 } },
      }),
      json(200, { data: [] }),
    );
    const { client } = clientWith(fetch);
    await client.getConversation({ kind: "group", id: "cometchat-guid-1" }, "cometchat-uid-1");
    const listed = await client.listConversations("cometchat-uid-1", {
      conversationType: "group",
      page: 2,
      perPage: 5,
    });
    await client.listUsers({ searchKey: "Geo rge", searchIn: ["uid", "name"], page: 1, perPage: 20 });
    expect(requests.map((request) => request.url)).toEqual([
      "https://app.api-us.example/v3/groups/cometchat-guid-1/conversation",
      "https://app.api-us.example/v3/conversations?conversationType=group&perPage=5&page=2",
      "https://app.api-us.example/v3/users?searchKey=Geo+rge&searchIn=uid%2Cname&perPage=20&page=1",
    ]);
    expect(requests[1]?.init.headers).toMatchObject({ onBehalfOf: "cometchat-uid-1" });
    expect(listed.data.meta?.pagination?.current_page).toBe(2);
  });

  it("encode path segments and send the key, Accept, onBehalfOf and a JSON body", async () => {
    const { fetch, requests } = fakeFetch(
      json(200, { data: [{ conversationId: "a_user_b", conversationType: "user" }] }),
    );
    await clientWith(fetch).client.updateConversationTags({ kind: "user", id: "a b/c" }, "owner?", ["vip"]);
    const [request] = requests;
    expect(request?.url).toBe("https://app.api-us.example/v3/users/a%20b%2Fc/conversation");
    expect(request?.init.method).toBe("PUT");
    expect(request?.init.headers).toEqual({
      apikey: API_KEY,
      Accept: "application/json",
      onBehalfOf: "owner?",
      "Content-Type": "application/json",
    });
    expect(request?.init.body).toBe('{"tags":["vip"]}');
  });

  it("send no Content-Type without a body, and the page of a list in the query", async () => {
    const { fetch, requests } = fakeFetch(json(200, { data: [] }));
    await clientWith(fetch).client.listBlockedUsers("u1", { page: 2, perPage: 50 });
    expect(requests[0]?.url).toBe("https://app.api-us.example/v3/users/u1/blockedusers?perPage=50&page=2");
    expect(requests[0]?.init.headers).toEqual({ apikey: API_KEY, Accept: "application/json" });
    expect(requests[0]?.init.body).toBeUndefined();
  });

  it("unblock with DELETE and the same body as a block", async () => {
    const { fetch, requests } = fakeFetch(json(200, { data: { u2: { success: true, message: "unblocked" } } }));
    const result = await clientWith(fetch).client.unblockUsers("u1", ["u2"]);
    expect(requests[0]?.init.method).toBe("DELETE");
    expect(requests[0]?.init.body).toBe('{"blockedUids":["u2"]}');
    expect(result.data).toEqual({ u2: { success: true, message: "unblocked" } });
  });
});

describe("retries", () => {
  it("wait the Retry-After of a 429, given as an HTTP-date too, and 1 s when it is absent", async () => {
    vi.spyOn(Date, "now").mockReturnValue(Date.parse("2025-03-01T12:00:00Z"));
    const { fetch } = fakeFetch(
      tooMany("Sat, 01 Mar 2025 12:00:04 GMT"),
      tooMany(),
      json(200, { data: { uid: "u1", name: "U" } }),
    );
    const { client, sleep } = clientWith(fetch);
    const result = await client.getUser("u1");
    expect(result.attempts).toBe(3);
    expect(sleep.mock.calls).toEqual([[4000], [1000]]);
  });

  it("fail at once when Retry-After asks for more than maxRetryWaitMs", async () => {
    const { fetch, requests } = fakeFetch(tooMany("60"));
    const error = await failureOf(clientWith(fetch).client.getUser("u1"));
    expect(requests).toHaveLength(1);
    expect(error).toMatchObject({
      kind: "rate_limited",
      attempts: 1,
      retryAfterSeconds: 60,
      code: "ERR_TOO_MANY_REQUESTS",
    });
    expect(error.userMessage).toContain("wait 60 seconds");
  });

  it("back off with jitter below 250 ms, then 500 ms, on 503", async () => {
    const unavailable = json(503, { error: { code: "ERR_SERVICE_UNAVAILABLE", message: "Unavailable." } });
    const { fetch } = fakeFetch(unavailable, unavailable, unavailable);
    const { client, sleep } = clientWith(fetch);
    const error = await failureOf(client.getUser("u1"));
    expect(error).toMatchObject({ kind: "unavailable", attempts: 3, status: 503 });
    expect(sleep).toHaveBeenCalledTimes(2);
    const [first, second] = sleep.mock.calls.map((call: unknown[]) => call[0] as number);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(250);
    expect(second).toBeLessThan(500);
  });

  it("honour maxAttempts", async () => {
    const { fetch, requests } = fakeFetch(json(503, {}));
    const client = createChatApiClient({
      baseUrl: "http://x/v3",
      apiKey: API_KEY,
      timeoutMs: 1000,
      fetch,
      sleep: async () => {},
      maxAttempts: 5,
    });
    expect((await failureOf(client.getUser("u1"))).attempts).toBe(5);
    expect(requests).toHaveLength(5);
  });
});

describe("failures", () => {
  it("keep the kind of an error whose body is not the vendor's", async () => {
    const { fetch } = fakeFetch({ status: 404, body: "<html>Not Found</html>" });
    const error = await failureOf(clientWith(fetch).client.getUser("u1"));
    expect(error).toMatchObject({ kind: "not_found", status: 404, code: undefined });
    expect(error.userMessage).toBe("The chat service found no such record (HTTP 404).");
  });

  it("never repeat the key, even when the service echoes it", async () => {
    const { fetch } = fakeFetch(
      json(400, {
        error: { code: "ERR_BAD_REQUEST", message: `Bad key ${API_KEY}`, details: { apikey: [`${API_KEY} is odd`] } },
      }),
    );
    const error = await failureOf(clientWith(fetch).client.getUser("u1"));
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain(API_KEY);
    expect(error.userMessage).toBe("The chat service refused the request (ERR_BAD_REQUEST): <hidden> is odd.");
  });

  it("log an unreadable answer truncated to 2 KB, without the key", async () => {
    const logged = vi.spyOn(log(), "error").mockImplementation(() => undefined);
    const { fetch } = fakeFetch({ status: 200, body: `${API_KEY}${"x".repeat(5000)}` });
    const error = await failureOf(clientWith(fetch).client.getUser("u1"));
    expect(error).toMatchObject({ kind: "malformed_response", status: 200, attempts: 1 });
    const line = JSON.stringify(logged.mock.calls[0]);
    expect(line).toContain("GET /users/u1");
    expect(line).not.toContain(API_KEY);
    expect(line.length).toBeLessThan(2048 + 300);
  });
});

describe("scanning messages for a search", () => {
  /** A vendor message of some 45 values: a sender and a receiver entity, metadata and a receipt. */
  const message = (i: number) => ({
    id: String(i),
    conversationId: "group_g",
    sender: `raider-${i}`,
    receiverType: "group",
    receiver: "g",
    category: "message",
    type: "text",
    data: {
      text: `claim https://drop.example/${i}`,
      metadata: { a: 1, b: 2 },
      entities: {
        sender: { entityType: "user", entity: { uid: `raider-${i}`, name: `Raider ${i}`, createdAt: 1700, role: "x" } },
        receiver: { entityType: "group", entity: { guid: "g", name: "G", type: "public", membersCount: 3 } },
      },
    },
    sentAt: 1800 + i,
    updatedAt: 1800 + i,
    receipts: { data: [[{ uid: "u", read: 1 }]] },
  });
  const page = (count: number) =>
    json(200, {
      data: Array.from({ length: count }, (_, i) => message(i)),
      meta: { next: { affix: "prepend", sentAt: 1, id: "1" } },
    });

  it("reads a page of the vendor's 1,000 messages whole, keeping only what a search uses", async () => {
    const { fetch } = fakeFetch(page(1000));
    const { client } = clientWith(fetch);
    const answer = await client.scanMessages({ kind: "group", guid: "g" }, { limit: 1000 });
    expect(answer.data.data).toHaveLength(1000);
    expect(answer.data.data[999]).toEqual({
      id: "999",
      sender: "raider-999",
      sentAt: 2799,
      text: "claim https://drop.example/999",
      senderName: "Raider 999",
      senderCreatedAt: 1700,
      receiverType: "group",
      receiver: "g",
    });
  });

  it("checks a page before bounding what it keeps: the key hidden, odd types of what it only shows left out, deep unread values ignored", async () => {
    const odd = message(1);
    odd.data.text = `leaked ${API_KEY} key`;
    const deep: Record<string, unknown> = {};
    let level = deep;
    for (let i = 0; i < 1_000; i += 1) level = level.next = {};
    const hostile = {
      ...odd,
      receipts: deep,
      data: { ...odd.data, entities: { sender: { entity: { name: { not: "a name" }, createdAt: "yesterday" } } } },
    };
    const { fetch } = fakeFetch(json(200, { data: [hostile], meta: {} }));
    const answer = await clientWith(fetch).client.scanMessages({ kind: "group", guid: "g" }, { limit: 1000 });
    expect(answer.data.data[0]).toEqual({
      id: "1",
      sender: "raider-1",
      sentAt: 1801,
      text: "leaked <hidden> key",
      receiverType: "group",
      receiver: "g",
    });
    expect(JSON.stringify(answer.raw)).not.toContain(API_KEY);
  });

  it("refuses a page whose messages' kept fields have the wrong types, naming the message and the field", async () => {
    vi.spyOn(log(), "error").mockImplementation(() => undefined);
    const wrong = [
      { ...message(0), id: 7 },
      { ...message(0), sentAt: "today" },
      { ...message(0), data: { ...message(0).data, text: ["not", "text"] } },
      "not a message",
    ];
    const { fetch } = fakeFetch(...wrong.map((item) => json(200, { data: [message(1), item], meta: {} })));
    const { client } = clientWith(fetch);
    for (let call = 0; call < wrong.length; call += 1) {
      expect(await failureOf(client.scanMessages({ kind: "group", guid: "g" }, { limit: 1000 }))).toMatchObject({
        kind: "malformed_response",
      });
    }
    const reasons = vi.mocked(log().error).mock.calls.map((call) => (call[0] as { reason: string }).reason);
    expect(reasons).toEqual([
      "data.1: message 1: id: expected a string",
      "data.1: message 1: sentAt: expected a number",
      "data.1: message 1: data.text: expected a string",
      "data.1: message 1: expected an object",
    ]);
  });

  it("is still bounded: the same page through the plain listing, or a page whose kept values pass 20,000, is refused", async () => {
    vi.spyOn(log(), "error").mockImplementation(() => undefined);
    const { fetch } = fakeFetch(page(1000), page(3000));
    const { client } = clientWith(fetch);
    expect((await failureOf(client.listMessages({ kind: "group", guid: "g" }, { limit: 1000 }))).kind).toBe(
      "malformed_response",
    );
    expect((await failureOf(client.scanMessages({ kind: "group", guid: "g" }, { limit: 1000 }))).kind).toBe(
      "malformed_response",
    );
  });
});
