import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { databaseKinds, freePort, startConsole, type ConsoleServer } from "../support/console-server";
import { callActionOver, exportedEntries, signIn, trySignIn, type Session } from "../support/console-session";
import { waitFor } from "../support/wait-for";

const ADMIN = { email: "admin@example.com", password: "admin-password-ops-7f3c" };
const AUTH_SECRET = "an-operations-test-secret-of-32-characters-or-more";
const WRONG_PASSWORD = "wrong-password-ops-91d2";

/** Next.js prints a line of its own as it loads its configuration; everything else is the console's log. */
const NEXT_NOTICE = /^\s*[✓⚠▲○]/;

function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split("\n")
    .filter((line) => line.trim() !== "" && !NEXT_NOTICE.test(line))
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`A line of the server's output is not JSON: ${line}`);
      }
    });
}

const withoutExports = (entries: Array<Record<string, unknown>>) =>
  entries.filter((entry) => entry.action !== "audit.export");

describe.each(await databaseKinds())("health, readiness and the server log on %s", (database) => {
  let server: ConsoleServer;
  let admin: Session;

  beforeAll(async () => {
    server = await startConsole({
      database,
      env: { CONSOLE_ADMIN_EMAIL: ADMIN.email, CONSOLE_ADMIN_PASSWORD: ADMIN.password, AUTH_SECRET },
    });
    admin = await signIn(server, ADMIN);
  });
  afterAll(async () => server?.stop());

  it("answers /api/health and /api/ready without a session, records neither, and spends none of the chat service's rate limit", async () => {
    const logged = withoutExports(await exportedEntries(server, admin, {}));
    const remaining = async () =>
      Number((await chatCall(server, "GET", "/users/cometchat-uid-1")).headers.get("x-ratelimit-remaining"));

    // The embedded limiter counts in windows of a calendar minute: all of this within one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    const before = await remaining();
    const health = await fetch(`${server.baseUrl}/api/health`, { redirect: "manual" });
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.baseUrl}/api/ready`, { redirect: "manual" });
    expect(ready.status).toBe(200);
    expect(ready.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const report = (await ready.json()) as {
      status: string;
      checks: Record<string, { ok: boolean; latencyMs?: number }>;
      problems: string[];
    };
    expect(report).toMatchObject({
      status: "ready",
      problems: [],
      checks: { database: { ok: true }, chatService: { ok: true }, jobRunner: { ok: true } },
    });
    expect(report.checks.chatService!.latencyMs).toBeGreaterThanOrEqual(0);
    for (let probe = 0; probe < 5; probe += 1) await fetch(`${server.baseUrl}/api/ready`);
    // Only this test's own keyed call was counted: the readiness probe asks the service without the key.
    expect(await remaining()).toBe(before - 1);

    expect(withoutExports(await exportedEntries(server, admin, {}))).toHaveLength(logged.length);
  });

  it("logs JSON lines with the time, level, request id, operator id, action, duration and outcome, and never a key, a password or a session token", async () => {
    expect(await trySignIn(server, { email: ADMIN.email, password: WRONG_PASSWORD })).toBeUndefined();
    const blocked = await callActionOver(
      server,
      admin,
      "blockUsersAction",
      { blocker: "cometchat-uid-3", uids: ["kevin-price"], reason: "log test" },
      "/users/cometchat-uid-3",
    );
    expect(blocked.ok).toBe(true);

    const lines = logLines(server.output());
    const action = lines.find((line) => line.action === "users.block" && line.msg === "action");
    expect(action).toMatchObject({
      level: "info",
      operatorId: expect.stringMatching(/\S/),
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      durationMs: expect.any(Number),
      outcome: "succeeded",
    });
    expect(new Date(action!.time as string).toISOString()).toBe(action!.time);
    // The same request id as the action log's entry, so that one leads to the other.
    const [entry] = await exportedEntries(server, admin, { action: "users.block" });
    expect(entry?.requestId).toBe(action!.requestId);
    // A request's line is written once its answer is out, which the client may read first.
    await waitFor(
      "the request's line",
      async () => logLines(server.output()),
      (all) => all.some((line) => line.msg === "request" && line.path === "/users/cometchat-uid-3"),
      5_000,
    );

    const output = server.output();
    const token = /authjs\.session-token=([^;]+)/.exec(admin.cookie)![1]!;
    for (const secret of [server.apiKey, ADMIN.password, WRONG_PASSWORD, token, AUTH_SECRET])
      expect(output.includes(secret), `the output contains ${secret.slice(0, 6)}…`).toBe(false);
  });
});

describe("readiness when the chat service is not there", () => {
  let server: ConsoleServer;

  beforeAll(async () => {
    const closed = await freePort();
    server = await startConsole({
      env: { CHAT_API_BASE_URL: `http://127.0.0.1:${closed}/v3`, CHAT_API_KEY: "upstream-key-ops", AUTH_SECRET },
    });
  });
  afterAll(async () => server?.stop());

  it("answers 503 naming the chat service, while the process stays live", async () => {
    const ready = await fetch(`${server.baseUrl}/api/ready`);
    expect(ready.status).toBe(503);
    const report = (await ready.json()) as { status: string; problems: string[]; checks: Record<string, unknown> };
    expect(report.status).toBe("not ready");
    expect(report.problems).toEqual(["chat service: not reachable (ECONNREFUSED)"]);
    expect(report.checks).toMatchObject({ database: { ok: true }, jobRunner: { ok: true } });
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect(server.output()).not.toContain("upstream-key-ops");
  });
});
