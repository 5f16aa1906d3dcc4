import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { startConsole, type ConsoleServer } from "../support/console-server";

let server: ConsoleServer;

beforeAll(async () => {
  server = await startConsole();
});
afterAll(async () => {
  await server?.stop();
});

function expectError(call: { status: number; body: any }, status: number, code: string) {
  expect(call.status).toBe(status);
  expect(call.body).toEqual({
    error: expect.objectContaining({
      code,
      message: expect.any(String),
      devMessage: expect.any(String),
      source: "chat-api",
    }),
  });
}

const tagsPath = "/users/cometchat-uid-2/conversation";
const owner = { onBehalfOf: "cometchat-uid-1" };

describe("errors of the embedded chat API, in the vendor's shape", () => {
  it("401 AUTH_ERR_EMPTY_APIKEY without a key, AUTH_ERR_APIKEY_NOT_FOUND with a wrong one", async () => {
    expectError(
      await chatCall(server, "GET", "/users/cometchat-uid-1", { apiKey: null }),
      401,
      "AUTH_ERR_EMPTY_APIKEY",
    );
    expectError(
      await chatCall(server, "GET", "/users/cometchat-uid-1", { apiKey: "wrong-key" }),
      401,
      "AUTH_ERR_APIKEY_NOT_FOUND",
    );
  });

  it("400 for a missing onBehalfOf, naming the header", async () => {
    const call = await chatCall(server, "PUT", tagsPath, { body: { tags: [] } });
    expectError(call, 400, "ERR_BAD_REQUEST");
    expect(call.body.error.details.onBehalfOf[0]).toMatch(/onBehalfOf/);
  });

  it("400 for a body that is not JSON, or not an object", async () => {
    const notJson = await chatCall(server, "PUT", tagsPath, { ...owner, rawBody: "{tags: nope" });
    expectError(notJson, 400, "ERR_BAD_REQUEST");
    expect(notJson.body.error.devMessage).toMatch(/not valid JSON/);
    const array = await chatCall(server, "PUT", tagsPath, { ...owner, body: ["vip"] });
    expectError(array, 400, "ERR_BAD_REQUEST");
    expect(array.body.error.devMessage).toMatch(/JSON object/);
  });

  it("400 with details per field for a field of the wrong type", async () => {
    const call = await chatCall(server, "PUT", tagsPath, { ...owner, body: { tags: "vip" } });
    expectError(call, 400, "ERR_BAD_REQUEST");
    expect(call.body.error.details.tags).toEqual([expect.stringMatching(/array/)]);
    const item = await chatCall(server, "PUT", tagsPath, { ...owner, body: { tags: ["ok", 7] } });
    expect(item.body.error.details["tags.1"]).toEqual([expect.stringMatching(/string/)]);
    const blocked = await chatCall(server, "POST", "/users/cometchat-uid-1/blockedusers", {
      body: { blockedUids: "cometchat-uid-2" },
    });
    expect(blocked.body.error.details.blockedUids).toBeDefined();
  });

  it("400 for more than 25 tags or a tag over 100 characters", async () => {
    const many = await chatCall(server, "PUT", tagsPath, {
      ...owner,
      body: { tags: Array.from({ length: 26 }, (_, i) => `t${i}`) },
    });
    expectError(many, 400, "ERR_BAD_REQUEST");
    expect(many.body.error.details.tags[0]).toMatch(/25/);
    const long = await chatCall(server, "PUT", tagsPath, { ...owner, body: { tags: ["x".repeat(101)] } });
    expectError(long, 400, "ERR_BAD_REQUEST");
    expect(long.body.error.details["tags.0"][0]).toMatch(/100/);
    const exact = await chatCall(server, "PUT", tagsPath, {
      ...owner,
      body: { tags: Array.from({ length: 25 }, () => "y".repeat(100)) },
    });
    expect(exact.status).toBe(200);
  });

  it("400 for a UID with other characters than letters, digits, _ and -, or over 100 characters", async () => {
    const badChars = await chatCall(server, "GET", "/users/bad.uid");
    expectError(badChars, 400, "ERR_BAD_REQUEST");
    expect(badChars.body.error.details.uid[0]).toMatch(/letters, digits/);
    expectError(await chatCall(server, "GET", `/users/${"a".repeat(101)}`), 400, "ERR_BAD_REQUEST");
    expectError(await chatCall(server, "PUT", tagsPath, { onBehalfOf: "bad owner", body: {} }), 400, "ERR_BAD_REQUEST");
    const inList = await chatCall(server, "POST", "/users/cometchat-uid-1/blockedusers", {
      body: { blockedUids: ["ok", "no way"] },
    });
    expectError(inList, 400, "ERR_BAD_REQUEST");
    expect(inList.body.error.details["blockedUids.1"]).toBeDefined();
  });

  it("413 for a body over 1 MiB", async () => {
    const call = await chatCall(server, "POST", "/users/cometchat-uid-1/blockedusers", {
      rawBody: JSON.stringify({ blockedUids: Array.from({ length: 100_000 }, (_, i) => `user-${i}`) }),
    });
    expectError(call, 413, "ERR_PAYLOAD_TOO_LARGE");
    const justUnder = JSON.stringify({ blockedUids: Array.from({ length: 70_000 }, (_, i) => `user-${i}`) });
    expect(justUnder.length).toBeLessThan(1024 * 1024);
    const accepted = await chatCall(server, "POST", "/users/cometchat-uid-1/blockedusers", { rawBody: justUnder });
    expect(accepted.status).toBe(200);
    expect(Object.keys(accepted.body.data)).toHaveLength(70_000);
  });

  it("404 ERR_API_NOT_FOUND for an unknown path, 405 for a wrong method", async () => {
    expectError(await chatCall(server, "GET", "/users/cometchat-uid-1/friends"), 404, "ERR_API_NOT_FOUND");
    expectError(await chatCall(server, "GET", "/"), 404, "ERR_API_NOT_FOUND");
    const wrong = await chatCall(server, "PATCH", tagsPath, { ...owner, body: {} });
    expectError(wrong, 405, "ERR_METHOD_NOT_ALLOWED");
    expect(wrong.headers.get("allow")).toBe("GET, PUT");
  });
});

describe("rate limit", () => {
  it("carries X-RateLimit-Limit and X-RateLimit-Remaining on every answer, and 429 with Retry-After past the limit", async () => {
    const first = await chatCall(server, "GET", "/users/cometchat-uid-1");
    expect(first.headers.get("x-ratelimit-limit")).toBe("10000");
    const remaining = Number(first.headers.get("x-ratelimit-remaining"));
    const second = await chatCall(server, "GET", "/users/cometchat-uid-1");
    expect(Number(second.headers.get("x-ratelimit-remaining"))).toBe(remaining - 1);
    const failed = await chatCall(server, "GET", "/users/nobody");
    expect(failed.headers.get("x-ratelimit-limit")).toBe("10000");

    const limited = await startConsole({ env: { CHAT_RATE_LIMIT_PER_MINUTE: "3" } });
    try {
      // Three are allowed a minute; even if the minute turns between them, six at most pass.
      const answers = [];
      for (let i = 0; i < 7; i += 1) answers.push(await chatCall(limited, "GET", "/users/cometchat-uid-1"));
      const refused = answers.find((call) => call.status === 429);
      expect(refused).toBeDefined();
      expectError(refused!, 429, "ERR_TOO_MANY_REQUESTS");
      const retryAfter = Number(refused!.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused!.headers.get("x-ratelimit-remaining")).toBe("0");
    } finally {
      await limited.stop();
    }
  });
});

describe("fault injection", () => {
  const settings = (body: unknown) => chatCall(server, "PUT", "/embedded/settings", { body });

  it("adds latency, fails a share of answers with 500 or 503, forces 429s, and resets", async () => {
    expect((await settings({ latencyMs: 300 })).status).toBe(200);
    const started = Date.now();
    expect((await chatCall(server, "GET", "/users/cometchat-uid-1")).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);

    await settings({ latencyMs: 0, errorRate: 1, errorStatus: "503" });
    expectError(await chatCall(server, "GET", "/users/cometchat-uid-1"), 503, "ERR_SERVICE_UNAVAILABLE");
    await settings({ errorStatus: "500" });
    expectError(await chatCall(server, "GET", "/users/cometchat-uid-1"), 500, "ERR_INTERNAL_SERVER_ERROR");

    await settings({ errorRate: 0, rateLimitBurst: 2, retryAfterSeconds: 2 });
    const burst = [];
    for (let i = 0; i < 3; i += 1) burst.push(await chatCall(server, "GET", "/users/cometchat-uid-1"));
    expect(burst.map((call) => call.status)).toEqual([429, 429, 200]);
    expect(burst[0]!.headers.get("retry-after")).toBe("2");

    await settings({ rateLimitRate: 1, pathPattern: "blockedusers" });
    expect((await chatCall(server, "GET", "/users/cometchat-uid-1")).status).toBe(200);
    expect((await chatCall(server, "GET", "/users/cometchat-uid-1/blockedusers")).status).toBe(429);

    const reset = await chatCall(server, "DELETE", "/embedded/settings");
    expect(reset.body.data).toMatchObject({
      latencyMs: 0,
      errorRate: 0,
      rateLimitRate: 0,
      rateLimitBurst: 0,
      pathPattern: "",
    });
    expect((await chatCall(server, "GET", "/users/cometchat-uid-1/blockedusers")).status).toBe(200);
  });

  it("fails a share of answers, not all of them", async () => {
    await settings({ errorRate: 0.5, errorStatus: "mixed" });
    const statuses = [];
    for (let i = 0; i < 60; i += 1) statuses.push((await chatCall(server, "GET", "/users/cometchat-uid-1")).status);
    await chatCall(server, "DELETE", "/embedded/settings");
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(5);
    expect(statuses.filter((status) => status === 500).length).toBeGreaterThan(2);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(2);
  });

  it("refuses settings of the wrong type, and needs the key", async () => {
    const wrong = await settings({ errorRate: 2 });
    expectError(wrong, 400, "ERR_BAD_REQUEST");
    expect(wrong.body.error.details.errorRate).toBeDefined();
    expectError(await chatCall(server, "GET", "/embedded/settings", { apiKey: null }), 401, "AUTH_ERR_EMPTY_APIKEY");
  });

  it("takes its starting values from the environment", async () => {
    const faulty = await startConsole({ env: { CHAT_FAULT_ERROR_RATE: "1", CHAT_FAULT_ERROR_STATUS: "500" } });
    try {
      expectError(await chatCall(faulty, "GET", "/users/cometchat-uid-1"), 500, "ERR_INTERNAL_SERVER_ERROR");
    } finally {
      await faulty.stop();
    }
  });
});

describe("a real upstream configured", () => {
  it("switches the embedded service off: every /v3 path answers 404", async () => {
    const upstream = await startConsole({
      env: { CHAT_API_BASE_URL: "http://127.0.0.1:9/v3", CHAT_API_KEY: "upstream-key" },
    });
    try {
      for (const path of ["/users/cometchat-uid-1", "/users/cometchat-uid-1/blockedusers", "/embedded/settings"]) {
        const call = await chatCall(upstream, "GET", path, { apiKey: "upstream-key" });
        expect(call.status).toBe(404);
        expect(call.headers.get("x-content-type-options")).toBe("nosniff");
        expect(call.headers.get("x-frame-options")).toBe("DENY");
      }
      expect(upstream.output()).toContain("http://127.0.0.1:9/v3");
      expect(upstream.output()).not.toContain("upstream-key");
    } finally {
      await upstream.stop();
    }
  });
});
