import { describe, expect, it } from "vitest";
import { probeChatService } from "./probe";

const BASE = "https://app.api-us.cometchat.io/v3";

function answering(status: number, body: string) {
  const requests: Array<{ url: string; init?: RequestInit }> = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    requests.push({ url, init });
    return new Response(body, { status, headers: { "Content-Type": "application/json" } });
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}

const noKey = JSON.stringify({ error: { code: "AUTH_ERR_EMPTY_APIKEY", message: "The apikey is empty." } });

describe("probeChatService", () => {
  it("counts the service's refusal of a keyless request as reachable, and sends no key", async () => {
    const { fetch, requests } = answering(401, noKey);
    const result = await probeChatService({ baseUrl: `${BASE}/`, timeoutMs: 1000, fetch });
    expect(result).toMatchObject({ reachable: true });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe(`${BASE}/users?perPage=1`);
    expect(Object.keys(requests[0]!.init?.headers ?? {}).map((name) => name.toLowerCase())).not.toContain("apikey");
    expect(requests[0]!.init?.redirect).toBe("manual");
  });

  it("counts a 429 as reachable: a full rate limit is no reason to take a console out", async () => {
    const { fetch } = answering(429, JSON.stringify({ error: { code: "ERR_TOO_MANY_REQUESTS" } }));
    expect(await probeChatService({ baseUrl: BASE, timeoutMs: 1000, fetch })).toMatchObject({ reachable: true });
  });

  it("names a server error, and another server at the address", async () => {
    expect(await probeChatService({ baseUrl: BASE, timeoutMs: 1000, fetch: answering(503, "{}").fetch })).toMatchObject(
      { reachable: false, problem: "answered HTTP 503" },
    );
    const other = await probeChatService({ baseUrl: BASE, timeoutMs: 1000, fetch: answering(404, "<html>").fetch });
    expect(other).toMatchObject({ reachable: false });
    expect(!other.reachable && other.problem).toMatch(/^answered HTTP 404, not the chat service's refusal/);
  });

  it("names a service that does not answer", async () => {
    const fetch = (async () => {
      throw new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } });
    }) as typeof globalThis.fetch;
    expect(await probeChatService({ baseUrl: BASE, timeoutMs: 1000, fetch })).toMatchObject({
      reachable: false,
      problem: "not reachable (ECONNREFUSED)",
    });
  });
});
