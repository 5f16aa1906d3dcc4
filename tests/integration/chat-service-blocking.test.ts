import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";
import { expectVendorError, integer, string } from "../support/contract-expectations";

describe.each(await databaseKinds())("embedded chat API v3, blocking and persistence, on %s", (database) => {
  let server: ConsoleServer;

  beforeAll(async () => {
    server = await startConsole({ database });
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe("blocking", () => {
    it("blocks, reports an already blocked UID, the blocker itself and an unknown UID each on their own (2.5)", async () => {
      const call = await chatCall(server, "POST", "/users/cometchat-uid-4/blockedusers", {
        body: { blockedUids: ["cometchat-uid-5", "COMETCHAT-UID-3", "cometchat-uid-4", "no-such-user"] },
      });
      expect(call.status).toBe(200);
      expect(call.body.data).toEqual({
        "cometchat-uid-5": {
          success: true,
          message: "The user with UID cometchat-uid-4 has blocked user with UID cometchat-uid-5 successfully.",
        },
        "cometchat-uid-3": {
          success: true,
          message: "The user with UID cometchat-uid-4 has blocked user with UID cometchat-uid-3 successfully.",
        },
        "cometchat-uid-4": { success: false, message: expect.stringContaining("cannot block") },
        "no-such-user": {
          success: false,
          message:
            "The UID no-such-user does not exist, please make sure you have created a user with UID no-such-user.",
        },
      });

      const again = await chatCall(server, "POST", "/users/cometchat-uid-4/blockedusers", {
        body: { blockedUids: ["cometchat-uid-5"] },
      });
      expect(again.body.data["cometchat-uid-5"]).toEqual({
        success: true,
        message: expect.stringContaining("already blocked"),
      });
    });

    it("lists the blocked users with pagination, and unblocks them", async () => {
      const page1 = await chatCall(server, "GET", "/users/cometchat-uid-4/blockedusers?perPage=1&page=1");
      expect(page1.status).toBe(200);
      expect(page1.body.meta.pagination).toEqual({ total: 2, count: 1, per_page: 1, current_page: 1, total_pages: 2 });
      expect(page1.body.data[0]).toMatchObject({
        uid: string,
        name: string,
        blockedByMe: true,
        blockedByMeAt: integer,
        blockedAt: integer,
        createdAt: integer,
      });
      const page2 = await chatCall(server, "GET", "/users/cometchat-uid-4/blockedusers?perPage=1&page=2");
      expect(page2.body.data[0].uid).not.toBe(page1.body.data[0].uid);

      const unblock = await chatCall(server, "DELETE", "/users/cometchat-uid-4/blockedusers", {
        body: { blockedUids: ["cometchat-uid-3"] },
      });
      expect(unblock.status).toBe(200);
      expect(unblock.body.data["cometchat-uid-3"]).toEqual({
        success: true,
        message: "The user with UID cometchat-uid-4 has unblocked user with UID cometchat-uid-3 successfully.",
      });
      const after = await chatCall(server, "GET", "/users/cometchat-uid-4/blockedusers");
      expect(after.body.data.map((user: { uid: string }) => user.uid)).toEqual(["cometchat-uid-5"]);
    });

    it("lists the newest block first, each saying whether that user blocked the blocker back", async () => {
      // Demo data: connor-walsh and siobhan-kelly blocked each other; cometchat-uid-1 blocked two spammers.
      const mutual = await chatCall(server, "GET", "/users/connor-walsh/blockedusers");
      expect(mutual.status).toBe(200);
      expect(mutual.body.data).toEqual([
        expect.objectContaining({ uid: "siobhan-kelly", blockedByMe: true, hasBlockedMe: true }),
      ]);
      const oneWay = await chatCall(server, "GET", "/users/cometchat-uid-1/blockedusers");
      expect(oneWay.body.data.map((user: { uid: string }) => user.uid).sort()).toEqual([
        "brittany-cole",
        "kevin-price",
      ]);
      expect(oneWay.body.data.map((user: { hasBlockedMe: boolean }) => user.hasBlockedMe)).toEqual([false, false]);
      const times = oneWay.body.data.map((user: { blockedAt: number }) => user.blockedAt);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const unknown = await chatCall(server, "GET", "/users/ghost-blocker/blockedusers");
      expect(unknown.status).toBe(404);
      expectVendorError(unknown, "ERR_UID_NOT_FOUND");
    });

    it("answers 404 for an unknown blocker, and 400 for a missing or empty blockedUids", async () => {
      const unknown = await chatCall(server, "POST", "/users/ghost-blocker/blockedusers", {
        body: { blockedUids: ["cometchat-uid-1"] },
      });
      expect(unknown.status).toBe(404);
      expectVendorError(unknown, "ERR_UID_NOT_FOUND");
      const missing = await chatCall(server, "POST", "/users/cometchat-uid-1/blockedusers", { body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.error.details.blockedUids).toBeDefined();
      const empty = await chatCall(server, "POST", "/users/cometchat-uid-1/blockedusers", {
        body: { blockedUids: [] },
      });
      expect(empty.status).toBe(400);
    });
  });

  /** Sets `tag` on uid-2's conversation with `other` and has `blocker` block `blocked`, then `restart`s and finds both. */
  async function keepsAcross(
    restart: () => Promise<void>,
    { other, tag, blocker, blocked }: { other: string; tag: string; blocker: string; blocked: string },
  ) {
    await chatCall(server, "PUT", `/users/${other}/conversation`, {
      onBehalfOf: "cometchat-uid-2",
      body: { tags: [tag] },
    });
    await chatCall(server, "POST", `/users/${blocker}/blockedusers`, { body: { blockedUids: [blocked] } });
    await restart();
    const tags = await chatCall(server, "GET", `/users/${other}/conversation`, { onBehalfOf: "cometchat-uid-2" });
    expect(tags.body.data[0].tags).toEqual([tag]);
    const blockedList = await chatCall(server, "GET", `/users/${blocker}/blockedusers`);
    expect(blockedList.body.data.map((user: { uid: string }) => user.uid)).toContain(blocked);
  }

  it("keeps tags and blocks across a restart", async () => {
    await keepsAcross(() => server.restart(), {
      other: "cometchat-uid-3",
      tag: "survives",
      blocker: "cometchat-uid-2",
      blocked: "cometchat-uid-5",
    });
  });

  it("keeps what it answered a second before the process was killed (its commits are asynchronous)", async () => {
    await keepsAcross(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await server.restart({ hard: true });
      },
      { other: "cometchat-uid-1", tag: "before-the-crash", blocker: "cometchat-uid-1", blocked: "cometchat-uid-4" },
    );
  });
});
