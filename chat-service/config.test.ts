import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError } from "@/lib/env-parts";
import { parseChatServiceConfig } from "./config";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const defaults = () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "chat-config-test-"));
  dirs.push(dataDir);
  return { port: 3100, dataDir };
};

describe("parseChatServiceConfig", () => {
  it("starts with no faults, the vendor's paid rate limit, and a key kept in the data folder", () => {
    const where = defaults();
    const config = parseChatServiceConfig({}, where);
    expect(config.port).toBe(3100);
    expect(config.rateLimitPerMinute).toBe(10_000);
    expect(config.faults).toEqual({
      latencyMs: 0,
      errorRate: 0,
      errorStatus: "mixed",
      rateLimitRate: 0,
      retryAfterSeconds: 1,
      journal: false,
    });
    expect(readFileSync(path.join(where.dataDir, "chat-api-key"), "utf8").trim()).toBe(config.apiKey);
    expect(parseChatServiceConfig({}, where).apiKey).toBe(config.apiKey);
  });

  it("names every wrong variable, never repeating the key", () => {
    try {
      parseChatServiceConfig({ CHAT_FAULT_ERROR_RATE: "1.5", CHAT_API_KEY: "has space" }, defaults());
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems;
      expect(problems).toEqual([
        expect.stringMatching(/^CHAT_API_KEY: /),
        expect.stringMatching(/^CHAT_FAULT_ERROR_RATE: .*from 0 to 1.*\(got "1.5"\)/),
      ]);
      expect(problems.join("\n")).not.toContain("has space");
    }
  });
});
