import { describe, expect, it } from "vitest";
import { createChatApiClient } from "./client";
import { ChatApiError } from "./errors";

const failingWith = (cause: unknown) =>
  (async () => {
    throw new TypeError("fetch failed", { cause });
  }) as unknown as typeof fetch;

const hanging = ((_url: string, init: RequestInit) =>
  new Promise((_resolve, reject) =>
    init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
  )) as unknown as typeof fetch;

async function errorOf(fetch: typeof globalThis.fetch, call: "block" | "read"): Promise<ChatApiError> {
  const client = createChatApiClient({ baseUrl: "http://upstream.test/v3", apiKey: "k", timeoutMs: 100, fetch });
  const promise = call === "block" ? client.blockUsers("a", ["b"]) : client.getUser("a");
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ChatApiError);
  return error as ChatApiError;
}

describe("a call whose answer never came", () => {
  it("is outcome unknown for a change that timed out or lost its connection after sending", async () => {
    for (const fetch of [
      hanging,
      failingWith(Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" })),
    ]) {
      const error = await errorOf(fetch, "block");
      expect(error.outcomeUnknown).toBe(true);
      expect(error.userMessage).toMatch(/not known whether this took effect: it may have/);
    }
  });

  it("is a plain failure for a read, or for a connection that was never made", async () => {
    expect((await errorOf(hanging, "read")).outcomeUnknown).toBe(false);
    const refused = failingWith(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    expect((await errorOf(refused, "block")).outcomeUnknown).toBe(false);
  });

  it("says when a lost answer is settled, keeping everything else the error knew", async () => {
    const lost = await errorOf(hanging, "block");
    const settling = lost.settledAt(new Date("2026-03-01T14:05:09.500Z"));
    expect(settling).toBeInstanceOf(ChatApiError);
    expect(settling).toMatchObject({ kind: lost.kind, outcomeUnknown: true, attempts: lost.attempts });
    expect(settling.settlesAt).toBe("2026-03-01T14:05:09.500Z");
    expect(settling.userMessage).toMatch(
      /not known whether this took effect: it may have\. At 14:05:09 UTC, once the call/,
    );
    expect(lost.userMessage).toMatch(/Check the current state before trying again\.$/);
  });
});
