import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";
import { callActionOver, exportedEntries, readOver, signIn, type Session } from "../support/console-session";
import { startHostileUpstream, type HostileUpstream } from "../support/hostile-upstream";

const ADMIN = { email: "admin@example.com", password: "admin-password-123" };
const API_KEY = "hostile-test-key-5d1e";

/** Every page that shows what the chat service answered, against its worst answers. */
const PAGES = [
  "/users?search=mal",
  "/users?search=mal&page=400000000",
  "/users/mallory",
  "/users/mallory?conversations=user&conversationsPage=999999&blockedPage=999999",
  "/incidents",
  "/audit",
];

describe.each(await databaseKinds())("a hostile chat service, on %s", (database) => {
  let upstream: HostileUpstream;
  let server: ConsoleServer;
  let admin: Session;

  beforeAll(async () => {
    upstream = await startHostileUpstream(API_KEY);
    server = await startConsole({
      database,
      env: {
        CHAT_API_BASE_URL: upstream.baseUrl,
        CHAT_API_KEY: API_KEY,
        CHAT_API_TIMEOUT_MS: "1000",
        CONSOLE_ADMIN_EMAIL: ADMIN.email,
        CONSOLE_ADMIN_PASSWORD: ADMIN.password,
      },
    });
    admin = await signIn(server, ADMIN);
  });
  afterAll(async () => {
    await server?.stop();
    await upstream?.close();
  });

  const action = (name: string, input: unknown) =>
    callActionOver<Record<string, unknown>>(server, admin, name, input, "/users/mallory");

  it("renders every page within a second: dates out of range, 20,000 levels, 500,000,000 pages, the key redacted", async () => {
    // Once each first: the first render of a page loads its code, whatever the chat service says.
    for (const path of PAGES) await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: admin.cookie } });
    for (const path of PAGES) {
      const started = performance.now();
      const response = await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: admin.cookie } });
      const html = await response.text();
      const elapsed = performance.now() - started;
      expect(response.status, path).toBe(200);
      expect(elapsed, path).toBeLessThan(1000);
      expect(html, path).not.toContain(API_KEY);
    }
    const workspace = await (
      await fetch(`${server.baseUrl}/users/mallory`, { headers: { Cookie: admin.cookie } })
    ).text();
    expect(workspace).toContain("Invalid date");
    expect(workspace).toContain("nested deeper than 32 levels");
  });

  it("loads a conversation's current tags though its record nests 20,000 levels, without the key", async () => {
    const read = await readOver(server, admin, "/api/conversation?onBehalfOf=owner&kind=user&peer=mallory");
    expect(read.status).toBe(200);
    expect(read.body.ok).toBe(true);
    expect(JSON.stringify(read.body)).not.toContain(API_KEY);
  });

  it("keeps both entries of an operation whose answer holds NUL characters, escaped", async () => {
    const saved = await action("updateConversationTagsAction", {
      onBehalfOf: "owner",
      kind: "user",
      peer: "mallory",
      tags: ["vip"],
      expectedTags: null,
      reason: "hostile data",
    });
    expect(saved.ok).toBe(true);
    const entries = await exportedEntries(server, admin, { action: "conversation.tags.update" });
    expect(entries.map((entry) => entry.outcome).sort()).toEqual(["requested", "succeeded"]);
    const completed = JSON.stringify(entries.find((entry) => entry.outcome === "succeeded"));
    expect(completed).toContain("tag\\\\u0000nul");
    expect(completed).not.toContain(API_KEY);
  });

  it("refuses NUL and broken characters in tags and reasons as field errors naming the field", async () => {
    const tags = await action("updateConversationTagsAction", {
      onBehalfOf: "owner",
      kind: "user",
      peer: "mallory",
      tags: ["ok", "bad\u0000"],
      expectedTags: null,
    });
    expect(tags).toMatchObject({ ok: false, code: "INVALID_INPUT" });
    expect(!tags.ok && tags.fieldErrors?.["tags.1"]?.[0]).toMatch(/A tag contains a NUL character/);
    const reason = await action("blockUsersAction", { blocker: "owner", uids: ["spam-0"], reason: "x\uD800" });
    expect(!reason.ok && reason.fieldErrors?.reason?.[0]).toMatch(/The reason contains a broken character/);
  });

  it("calls a block whose answer never came outcome unknown, settles it from the blocked list, and says it may have taken effect", async () => {
    upstream.endlessLists = false;
    upstream.blockCalls = "reset";
    const settled = await action("blockUsersAction", { blocker: "owner", uids: ["spam-1"], reason: "raid" });
    upstream.blockCalls = "hang";
    upstream.endlessLists = true;
    const unknown = await action("blockUsersAction", { blocker: "owner", uids: ["spam-2"], reason: "raid" });
    upstream.blockCalls = "answer";

    expect(settled).toMatchObject({ ok: true, data: { rows: [{ uid: "spam-1", outcome: "blocked", settled: true }] } });
    expect(settled.ok && String(settled.data.lost)).toMatch(/not known whether this took effect: it may have/);
    expect(unknown).toMatchObject({ ok: true, data: { rows: [{ uid: "spam-2", outcome: "unknown" }] } });
    const completions = (await exportedEntries(server, admin, { action: "users.block" })).filter(
      (entry) => entry.outcome !== "requested" && entry.errorCode === "ANSWER_LOST",
    );
    expect(completions.map((entry) => entry.outcome).sort()).toEqual(["succeeded", "unknown"]);
  });

  it("answers no input with a 5xx: a UID of %, cursors and dates out of range, on pages and the export", async () => {
    for (const path of [
      "/users/%25",
      "/users/%25zz",
      "/audit?before=99999999999999999999",
      "/audit?from=0000-01-01",
      "/audit?to=9999-12-31",
      "/audit/export?from=0000-01-01",
      "/audit/export?to=9999-12-31&format=ndjson",
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: admin.cookie } });
      expect(response.status, path).toBeLessThan(500);
    }
  });
});

describe("the embedded chat service's paths", () => {
  let server: ConsoleServer;
  beforeAll(async () => {
    server = await startConsole();
  });
  afterAll(async () => server?.stop());

  it.each(["/users/%25", "/users/%25zz", "/users/%zz", "/users/%E0%A4%A", "/users/%25/blockedusers"])(
    "answers %s with a 4xx in the vendor's error shape",
    async (path) => {
      const response = await fetch(`${server.chatBaseUrl}${path}`, { headers: { apikey: server.apiKey } });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const body = (await response.json()) as { error?: { code?: string; message?: string } };
      expect(body.error?.code).toMatch(/^ERR_/);
    },
  );
});
