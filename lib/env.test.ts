import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseEnv } from "./env";
import { envProblemsOf } from "../tests/support/env-problems";
import { parseLogSettings } from "./env-log";

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "env-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("parseEnv", () => {
  it("defaults to embedded mode on port 3000 against its own /v3", () => {
    const env = parseEnv({ DATA_DIR: dataDir(), CHAT_API_KEY: "k" });
    expect(env.port).toBe(3000);
    expect(env.chatApi).toEqual({ mode: "embedded", baseUrl: "http://127.0.0.1:3000/v3" });
    expect(env.databaseUrl).toBeUndefined();
    expect(env.incident).toEqual({
      chunkSize: 25,
      concurrency: 8,
      rateShare: 0.5,
      rateReserve: 0.1,
      rateLimitHint: 10_000,
    });
  });

  it("generates the embedded key once and keeps it in the data folder, readable by its owner only", () => {
    const dir = dataDir();
    const first = parseEnv({ DATA_DIR: dir });
    const second = parseEnv({ DATA_DIR: dir });
    expect(first.chatApiKey).toMatch(/^[0-9a-f]{40}$/);
    expect(second.chatApiKey).toBe(first.chatApiKey);
    const file = path.join(dir, "chat-api-key");
    expect(readFileSync(file, "utf8").trim()).toBe(first.chatApiKey);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("builds the upstream URL from CHAT_APP_ID and CHAT_REGION", () => {
    const env = parseEnv({ CHAT_APP_ID: "abc123", CHAT_REGION: "eu", CHAT_API_KEY: "k" });
    expect(env.chatApi).toEqual({ mode: "upstream", baseUrl: "https://abc123.api-eu.cometchat.io/v3" });
  });

  it("prefers CHAT_API_BASE_URL and trims its trailing slash", () => {
    const upstream = { CHAT_API_BASE_URL: "https://x.example/v3/", CHAT_APP_ID: "abc", CHAT_REGION: "us" };
    const env = parseEnv({ ...upstream, CHAT_API_KEY: "k" });
    expect(env.chatApi).toEqual({ mode: "upstream", baseUrl: "https://x.example/v3" });
  });

  it.each([
    [{ CHAT_APP_ID: "abc", CHAT_REGION: "us" }, /^CHAT_API_KEY: required/],
    [{ CHAT_APP_ID: "abc", CHAT_API_KEY: "k" }, /^CHAT_REGION: required/],
    [{ CHAT_REGION: "us", CHAT_API_KEY: "k" }, /^CHAT_APP_ID: required/],
  ])("refuses a real upstream without a key or with half of the app id and region pair: %j", (vars, problem) => {
    expect(envProblemsOf(vars)).toEqual([expect.stringMatching(problem)]);
  });

  it("names every wrong variable and says what it expects", () => {
    const problems = envProblemsOf({
      PORT: "eighty",
      DATABASE_URL: "mysql://x",
      CHAT_API_BASE_URL: "not a url",
      CHAT_API_KEY: "k",
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PORT: PORT must be a whole number from 1 to 65535 \(got "eighty"\)/),
        expect.stringMatching(/^DATABASE_URL: .*PostgreSQL URL/),
        expect.stringMatching(/^CHAT_API_BASE_URL: .*http\(s\) URL/),
      ]),
    );
  });

  it("refuses a rate share of nothing, which would never let a job send", () => {
    expect(envProblemsOf({ INCIDENT_RATE_SHARE: "0" })).toEqual([
      expect.stringMatching(/^INCIDENT_RATE_SHARE: INCIDENT_RATE_SHARE must be more than 0/),
    ]);
    expect(envProblemsOf({ INCIDENT_RATE_RESERVE: "2" })).toEqual([
      expect.stringMatching(/^INCIDENT_RATE_RESERVE: .*from 0 to 1/),
    ]);
  });

  it("never repeats the key in a message", () => {
    const problems = envProblemsOf({ CHAT_API_KEY: "has a space" });
    expect(problems.join("\n")).not.toContain("has a space");
    expect(problems[0]).toMatch(/^CHAT_API_KEY:/);
  });

  it("treats empty variables as unset", () => {
    const env = parseEnv({ DATABASE_URL: "", CHAT_API_BASE_URL: "", DATA_DIR: dataDir(), CHAT_API_KEY: "k" });
    expect(env.chatApi.mode).toBe("embedded");
    expect(env.databaseUrl).toBeUndefined();
  });

  it("asks a second operator past 500 UIDs for an hour by default; 0 turns approval off; a TTL may be a fraction", () => {
    expect(parseEnv({ DATA_DIR: dataDir(), CHAT_API_KEY: "k" }).approval).toEqual({
      thresholdUids: 500,
      ttlMs: 3_600_000,
    });
    const env = parseEnv({
      DATA_DIR: dataDir(),
      CHAT_API_KEY: "k",
      APPROVAL_THRESHOLD_UIDS: "0",
      APPROVAL_TTL_MINUTES: "0.5",
    });
    expect(env.approval).toEqual({ thresholdUids: 0, ttlMs: 30_000 });
    expect(envProblemsOf({ APPROVAL_THRESHOLD_UIDS: "-1", APPROVAL_TTL_MINUTES: "0" })).toEqual([
      expect.stringMatching(/^APPROVAL_THRESHOLD_UIDS: .*whole number/),
      expect.stringMatching(/^APPROVAL_TTL_MINUTES: .*at least 0\.05/),
    ]);
    expect(envProblemsOf({ APPROVAL_TTL_MINUTES: "soon" })).toEqual([
      expect.stringMatching(/^APPROVAL_TTL_MINUTES: .*number of minutes/),
    ]);
  });
});

describe("parseLogSettings and the shutdown grace", () => {
  it("logs JSON at info by default, and takes pretty and a level", () => {
    expect(parseLogSettings({})).toEqual({ format: "json", level: "info" });
    expect(parseLogSettings({ LOG_FORMAT: "pretty", LOG_LEVEL: "debug" })).toEqual({
      format: "pretty",
      level: "debug",
    });
  });

  it("names a wrong LOG_FORMAT or LOG_LEVEL and what it expects", () => {
    expect(() => parseLogSettings({ LOG_FORMAT: "xml", LOG_LEVEL: "loud" })).toThrow(
      /LOG_FORMAT must be json \(one JSON object a line\) or pretty[\s\S]*LOG_LEVEL must be one of fatal, error/,
    );
  });

  it("gives calls in flight 25 seconds after SIGTERM unless SHUTDOWN_GRACE_SECONDS says otherwise", () => {
    expect(parseEnv({ DATA_DIR: dataDir(), CHAT_API_KEY: "k" }).shutdownGraceMs).toBe(25_000);
    expect(parseEnv({ DATA_DIR: dataDir(), CHAT_API_KEY: "k", SHUTDOWN_GRACE_SECONDS: "5" }).shutdownGraceMs).toBe(
      5_000,
    );
    expect(envProblemsOf({ DATA_DIR: dataDir(), SHUTDOWN_GRACE_SECONDS: "soon" })).toEqual([
      expect.stringMatching(/^SHUTDOWN_GRACE_SECONDS: SHUTDOWN_GRACE_SECONDS must be a whole number from 0 to 3600/),
    ]);
  });
});
