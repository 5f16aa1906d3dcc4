import { describe, expect, it } from "vitest";
import { injectFaults } from "./faults";
import type { ServiceSettings } from "./settings";

const calm: ServiceSettings = {
  rateLimitPerMinute: 100,
  latencyMs: 0,
  errorRate: 0,
  errorStatus: "mixed",
  rateLimitRate: 0,
  retryAfterSeconds: 3,
  rateLimitBurst: 0,
  pathPattern: "",
  journal: false,
  omitConversationTags: false,
};

describe("injectFaults", () => {
  it("injects nothing by default", async () => {
    expect(await injectFaults({ ...calm }, "/users/a")).toBeUndefined();
  });

  it("answers 429 for each request of a burst, then stops", async () => {
    const settings = { ...calm, rateLimitBurst: 2 };
    expect((await injectFaults(settings, "/users/a"))?.status).toBe(429);
    const second = await injectFaults(settings, "/users/a");
    expect(second?.headers).toEqual({ "Retry-After": "3" });
    expect(await injectFaults(settings, "/users/a")).toBeUndefined();
  });

  it("fails the drawn share with 500 or 503", async () => {
    const settings = { ...calm, errorRate: 0.5 };
    expect((await injectFaults(settings, "/x", () => 0.4))?.status).toBe(500);
    expect(await injectFaults(settings, "/x", () => 0.6)).toBeUndefined();
    expect((await injectFaults({ ...settings, errorStatus: "503" }, "/x", () => 0.1))?.status).toBe(503);
  });

  it("touches only the paths that match pathPattern", async () => {
    const settings = { ...calm, errorRate: 1, pathPattern: "blockedusers$" };
    expect(await injectFaults(settings, "/users/a/conversation")).toBeUndefined();
    expect((await injectFaults(settings, "/users/a/blockedusers", () => 0.9))?.status).toBe(503);
  });
});
