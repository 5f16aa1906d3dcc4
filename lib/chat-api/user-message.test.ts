import { describe, expect, it } from "vitest";
import { userMessageFor } from "./user-message";

const base = { request: "GET /users/x", attempts: 1, durationMs: 5 };

describe("userMessageFor", () => {
  it("names the rejected key's variable and the service's code", () => {
    expect(userMessageFor({ ...base, kind: "unauthorized", status: 401, code: "AUTH_ERR_APIKEY_NOT_FOUND" })).toBe(
      "The chat service rejected the console's API key (AUTH_ERR_APIKEY_NOT_FOUND): ask an admin to check CHAT_API_KEY.",
    );
    expect(userMessageFor({ ...base, kind: "unauthorized", status: 401 })).toContain("(HTTP 401)");
  });

  it("names the missing UID from the service's message", () => {
    const serviceMessage = "The UID ghost does not exist, please make sure you have created a user with UID ghost.";
    expect(userMessageFor({ ...base, kind: "not_found", status: 404, code: "ERR_UID_NOT_FOUND", serviceMessage })).toBe(
      "The chat service has no user with UID ghost (ERR_UID_NOT_FOUND).",
    );
    expect(userMessageFor({ ...base, kind: "not_found", status: 404, code: "ERR_UID_NOT_FOUND" })).toBe(
      "The chat service has no user with that UID (ERR_UID_NOT_FOUND).",
    );
  });

  it("gives the first detail of a refused request, else the service's message", () => {
    const refused = { ...base, kind: "bad_request", status: 400, code: "ERR_BAD_REQUEST" } as const;
    const details = { tags: ["At most 25 tags are allowed."], "tags.0": ["A tag must not be empty."] };
    expect(userMessageFor({ ...refused, details, serviceMessage: "Failed." })).toBe(
      "The chat service refused the request (ERR_BAD_REQUEST): At most 25 tags are allowed.",
    );
    expect(userMessageFor({ ...refused, serviceMessage: "Failed to validate" })).toBe(
      "The chat service refused the request (ERR_BAD_REQUEST): Failed to validate.",
    );
  });

  it("says how long to wait when rate limited", () => {
    expect(
      userMessageFor({
        ...base,
        kind: "rate_limited",
        status: 429,
        code: "ERR_TOO_MANY_REQUESTS",
        retryAfterSeconds: 30,
      }),
    ).toBe("The chat service is rate limiting the console (ERR_TOO_MANY_REQUESTS): wait 30 seconds and try again.");
    expect(userMessageFor({ ...base, kind: "rate_limited", status: 429, retryAfterSeconds: 1 })).toContain(
      "wait 1 second and",
    );
    expect(userMessageFor({ ...base, kind: "rate_limited", status: 429 })).toContain("wait a minute");
  });

  it("gives the time-out in seconds", () => {
    expect(userMessageFor({ ...base, kind: "timeout", timeoutMs: 10_000 })).toBe(
      "The chat service did not answer within 10 seconds: try again; if it keeps happening, the service may be down.",
    );
    expect(userMessageFor({ ...base, kind: "timeout", timeoutMs: 500 })).toContain("within 0.5 seconds");
  });

  it("gives the status, code and attempts of a failure of the service", () => {
    expect(
      userMessageFor({ ...base, kind: "unavailable", status: 503, code: "ERR_SERVICE_UNAVAILABLE", attempts: 3 }),
    ).toBe("The chat service failed (HTTP 503, ERR_SERVICE_UNAVAILABLE) after 3 attempts: try again in a minute.");
    expect(userMessageFor({ ...base, kind: "server_error", status: 502 })).toBe(
      "The chat service failed (HTTP 502) after 1 attempt: try again in a minute.",
    );
  });

  it("points at the server log for an unreadable answer", () => {
    expect(userMessageFor({ ...base, kind: "malformed_response", status: 200 })).toBe(
      "The chat service sent an answer the console could not read (HTTP 200): the raw answer is in the server log; try again or report it.",
    );
  });
});
