import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "../../lib/db/client";
import { recordBlocks } from "../../lib/timed-blocks/store";
import { chatCall } from "../support/chat-client";
import {
  createPostgresDatabase,
  databaseKinds,
  startConsole,
  startConsoleBehind,
  type ConsoleServer,
} from "../support/console-server";
import { callActionOver, exportedEntries, signIn, type Session } from "../support/console-session";
import { attachTestDatabase } from "../support/database";
import { startReverseProxy, type ReverseProxy } from "../support/reverse-proxy";
import { waitFor } from "../support/wait-for";

const ADMIN = { email: "admin@example.com", password: "admin-password-123" };
const BLOCKER = "cometchat-uid-3";
const TIMEOUT_MS = 1000;

/**
 * A block (or a timed block's unblock at its expiry) that the chat service carries out after the
 * console gave up waiting: the console's time-out is 1 s, and the call reaches the service 1.5 s after
 * it was sent (a slow network in front of the real emulator), while reads pass at once. The blocked list read right after the time-out does not
 * show the block yet: that proves nothing, and must never be logged as a failure.
 */
// On PostgreSQL, so that the test reads the settlement's entries, folded under the operation, in the database.
describe.runIf((await databaseKinds()).includes("postgres"))("a block whose answer comes after the time-out", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let chatService: ConsoleServer;
  let slowNetwork: ReverseProxy;
  let server: ConsoleServer;
  let admin: Session;
  const unblocksSent: string[] = [];

  beforeAll(async () => {
    chatService = await startConsole();
    slowNetwork = await startReverseProxy({
      target: Number(new URL(chatService.baseUrl).port),
      delayMs: (method, path) => {
        if (method === "DELETE" && path.includes("/blockedusers")) unblocksSent.push(path);
        return ["POST", "DELETE"].includes(method) && path.includes("/blockedusers") ? TIMEOUT_MS * 1.5 : 0;
      },
    });
    database = await createPostgresDatabase();
    server = await startConsoleBehind(slowNetwork, chatService, {
      timeoutMs: TIMEOUT_MS,
      admin: ADMIN,
      env: { DATABASE_URL: database.url },
    });
    admin = await signIn(server, ADMIN);
  });
  afterAll(async () => {
    await server?.stop();
    await slowNetwork?.stop();
    await chatService?.stop();
    await closeDb();
    await database?.drop();
  });

  async function query<Row>(text: string, values: unknown[]): Promise<Row[]> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as Row[];
    } finally {
      await client.end();
    }
  }

  const settlementsOf = (operationId: unknown) =>
    query<{ outcome: string; actorRole: string; summary: unknown }>(
      `select outcome, actor_role as "actorRole", summary from audit_events
       where action = 'users.block.settle' and parent_operation_id = $1 and outcome <> 'requested'`,
      [operationId],
    );

  it("is outcome unknown with the time it will be settled, then settled blocked in the log, never failed", async () => {
    const uid = "cometchat-uid-5";
    const sent = Date.now();
    const result = await callActionOver<{ rows: Array<{ uid: string; outcome: string }>; settlesAt?: string }>(
      server,
      admin,
      "blockUsersAction",
      { blocker: BLOCKER, uids: [uid], reason: "late answer" },
      `/users/${BLOCKER}`,
    );
    expect(result).toMatchObject({ ok: true, data: { rows: [{ uid, outcome: "unknown" }] } });
    const settlesAt = result.ok ? Date.parse(result.data.settlesAt ?? "") : NaN;
    expect(settlesAt).toBeGreaterThan(sent + TIMEOUT_MS);

    // It did take effect at the service.
    const blocked = await chatCall(chatService, "GET", `/users/${BLOCKER}/blockedusers?perPage=100`);
    await waitFor(
      "the late block at the service",
      async () => (await chatCall(chatService, "GET", `/users/${BLOCKER}/blockedusers?perPage=100`)).body,
      (body: { data: Array<{ uid: string }> }) => body.data.some((user) => user.uid === uid),
      10_000,
    );
    expect(blocked.status).toBe(200);

    const entries = await exportedEntries(server, admin, { uid });
    const completion = entries.find((entry) => entry.action === "users.block" && entry.outcome !== "requested");
    expect(completion).toMatchObject({ outcome: "unknown", errorCode: "ANSWER_LOST" });
    // Folded under the operation it settles.
    const [settlement] = await waitFor(
      "the settlement in the log",
      () => settlementsOf(completion?.operationId),
      (found) => found.length > 0,
      40_000,
    );
    expect(settlement).toMatchObject({
      outcome: "succeeded",
      actorRole: "system",
      summary: { outcomes: { [uid]: { outcome: "blocked" } } },
    });
    expect(entries.filter((entry) => entry.outcome === "failed")).toEqual([]);
    expect(Date.now()).toBeGreaterThanOrEqual(settlesAt);
  }, 60_000);

  it("lifts a timed block whose unblock's answer was lost: outcome unknown, then settled, sent once", async () => {
    const uid = "cometchat-uid-4";
    await chatCall(chatService, "POST", `/users/${BLOCKER}/blockedusers`, { body: { blockedUids: [uid] } });
    const setBy = randomUUID();
    await recordBlocks(await attachTestDatabase(database.url), {
      blockerUid: BLOCKER,
      blocked: [uid],
      alreadyBlocked: [],
      expiresInSeconds: 1,
      operationId: setBy,
      actor: { id: null, email: "timed@example.com", role: "moderator" },
    });
    const timedBlock = () =>
      query<{ status: string; claimedBy: string | null }>(
        `select status, claimed_by as "claimedBy" from timed_blocks where set_by_operation_id = $1`,
        [setBy],
      );

    // The expiry is the console's own operation, naming the one that set it; the settlement is folded under the expiry.
    const [expiry] = await waitFor(
      "the expiry's completion in the log",
      () =>
        query<{ operationId: string; outcome: string; errorCode: string; actorRole: string }>(
          `select operation_id as "operationId", outcome, error_code as "errorCode", actor_role as "actorRole"
           from audit_events where action = 'users.block.expire' and request_body->>'setByOperationId' = $1 and parent_operation_id is null and outcome <> 'requested'`,
          [setBy],
        ),
      (found) => found.length > 0,
      30_000,
    );
    expect(expiry).toMatchObject({ outcome: "unknown", errorCode: "ANSWER_LOST", actorRole: "system" });
    // Waiting for the settlement: not claimed, so no sweep sends the unblock again meanwhile.
    const waiting = await timedBlock();
    expect(waiting).toEqual([{ status: "expiring", claimedBy: null }]);

    const [settlement] = await waitFor(
      "the unblock's settlement in the log",
      () => settlementsOf(expiry!.operationId),
      (found) => found.length > 0,
      40_000,
    );
    expect(settlement).toMatchObject({
      outcome: "succeeded",
      actorRole: "system",
      summary: { outcomes: { [uid]: { outcome: "unblocked" } } },
    });
    expect(await timedBlock()).toEqual([{ status: "expired", claimedBy: null }]);
    expect(unblocksSent).toHaveLength(1);
    const failed = await query(
      "select e.action from audit_events e join audit_event_uids u on u.seq = e.seq where u.uid = $1 and e.outcome = 'failed'",
      [uid],
    );
    expect(failed).toEqual([]);
  }, 90_000);
});
