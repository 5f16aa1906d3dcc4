import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./log";

function collector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => lines.join("") };
}

const SECRETS = {
  apikey: "key-never-written",
  headers: { cookie: "authjs.session-token=cookie-never-written", authorization: "Bearer never-written" },
  input: { email: "sam@example.com", password: "password-never-written", nested: { token: "token-never-written" } },
};

describe("the server log", () => {
  it("writes one JSON object a line, with the time, the level by name and the fields given", () => {
    const out = collector();
    createLogger({ format: "json", level: "info" }, out.stream).info(
      { requestId: "r-1", action: "users.block", durationMs: 12, outcome: "succeeded" },
      "action",
    );
    const entry = JSON.parse(out.text()) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: "info",
      requestId: "r-1",
      action: "users.block",
      durationMs: 12,
      outcome: "succeeded",
      msg: "action",
    });
    expect(new Date(entry.time as string).toISOString()).toBe(entry.time);
  });

  it("never writes a key, a password, a cookie, an authorization or a token, at any depth up to three", () => {
    for (const format of ["json", "pretty"] as const) {
      const out = collector();
      createLogger({ format, level: "info" }, out.stream).info(SECRETS, "a request");
      expect(out.text(), format).toContain("sam@example.com");
      expect(out.text(), format).toContain("[redacted]");
      expect(out.text(), format).not.toMatch(/never-written/);
    }
  });

  it("writes for people with LOG_FORMAT=pretty: the level and the message, not JSON", () => {
    const out = collector();
    createLogger({ format: "pretty", level: "info" }, out.stream).warn({ jobId: "j-1" }, "not ready");
    expect(out.text()).toMatch(/WARN.*: not ready\n\s+jobId: "j-1"/);
    expect(() => JSON.parse(out.text()) as unknown).toThrow();
  });

  it("leaves out what is below LOG_LEVEL", () => {
    const out = collector();
    const logger = createLogger({ format: "json", level: "warn" }, out.stream);
    logger.info("hidden");
    logger.error("shown");
    expect(out.text()).not.toContain("hidden");
    expect(out.text()).toContain("shown");
  });
});
