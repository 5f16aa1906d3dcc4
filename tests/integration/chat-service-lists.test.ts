import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";

const integer = expect.any(Number);
const string = expect.any(String);

type Listed = { body: any };
const uidsOf = (call: Listed) => call.body.data.map((user: { uid: string }) => user.uid);
const namesOf = (call: Listed) => call.body.data.map((user: { name: string }) => user.name);
const idsOf = (call: Listed) => call.body.data.map((record: { conversationId: string }) => record.conversationId);

function expectBadRequest(call: { status: number; body: any }, field: string) {
  expect(call.status).toBe(400);
  expect(call.body.error).toMatchObject({ code: "ERR_BAD_REQUEST", source: "chat-api" });
  expect(call.body.error.details[field]).toEqual([string]);
}

function expectListMeta(call: Listed, pagination: Record<string, unknown>) {
  expect(call.body.meta).toEqual({
    pagination: {
      total: integer,
      count: integer,
      per_page: integer,
      current_page: integer,
      total_pages: integer,
      ...pagination,
    },
    cursor: { updatedAt: integer, affix: "prepend" },
  });
}

describe.each(await databaseKinds())("list endpoints of the embedded chat API v3 on %s", (database) => {
  let server: ConsoleServer;
  const conversations = (query: string, onBehalfOf = "cometchat-uid-1") =>
    chatCall(server, "GET", `/conversations${query}`, { onBehalfOf });

  beforeAll(async () => {
    server = await startConsole({ database });
    const created = await chatCall(server, "POST", "/embedded/users", { body: { prefix: "zz-list", count: 5 } });
    expect(created.status).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe("GET /users", () => {
    it("answers the first 100 users by name, with pagination and cursor, each a user record", async () => {
      const call = await chatCall(server, "GET", "/users");
      expect(call.status).toBe(200);
      expect(call.body.data).toHaveLength(Math.min(100, call.body.meta.pagination.total));
      expectListMeta(call, { per_page: 100, current_page: 1 });
      for (const user of call.body.data) {
        expect(user).toMatchObject({ uid: string, name: string, role: string, createdAt: integer });
        expect(["available", "offline"]).toContain(user.status);
      }
      const newest = Math.max(...call.body.data.map((user: any) => user.updatedAt ?? user.createdAt));
      expect(call.body.meta.cursor.updatedAt).toBe(newest);
    });

    it("finds users by the start of their UID or of their name, or of any word of it, in any case", async () => {
      for (const key of ["george", "Alan", "GEO", "cometchat-uid-2"]) {
        const call = await chatCall(server, "GET", `/users?searchKey=${key}`);
        expect(call.status).toBe(200);
        expect(uidsOf(call)).toContain("cometchat-uid-2");
      }
      const middle = await chatCall(server, "GET", "/users?searchKey=lan");
      expect(uidsOf(middle)).not.toContain("cometchat-uid-2");
      const samples = await chatCall(server, "GET", "/users?searchKey=COMETCHAT-UID&searchIn=uid");
      expect(namesOf(samples)).toEqual(["Andrew Joseph", "George Alan", "John Paul", "Nancy Grace", "Susan Marie"]);
      expect(samples.body.meta.pagination).toMatchObject({ total: 5, count: 5 });
    });

    it("searches only where searchIn says, and refuses a field it does not know", async () => {
      const byName = await chatCall(server, "GET", "/users?searchKey=cometchat&searchIn=name");
      expect(byName.body.data).toEqual([]);
      expect(byName.body.meta.pagination).toMatchObject({ total: 0, count: 0, total_pages: 1 });
      const both = await chatCall(server, "GET", "/users?searchKey=george&searchIn=uid,name");
      expect(uidsOf(both)).toContain("cometchat-uid-2");
      const byUid = await chatCall(server, "GET", "/users?searchKey=george&searchIn=uid");
      expect(uidsOf(byUid)).not.toContain("cometchat-uid-2");
      expectBadRequest(await chatCall(server, "GET", "/users?searchKey=george&searchIn=email"), "searchIn");
      const wildcards = await chatCall(server, "GET", "/users?searchKey=%25_");
      expect(wildcards.body.meta.pagination.total).toBe(0);
    });

    it("filters by status and by role", async () => {
      const available = await chatCall(server, "GET", "/users?status=available&perPage=1000");
      expect(available.status).toBe(200);
      expect(uidsOf(available)).toContain("cometchat-uid-1");
      for (const user of available.body.data) expect(user.status).toBe("available");
      const offline = await chatCall(server, "GET", "/users?status=offline&perPage=1000");
      const all = await chatCall(server, "GET", "/users?perPage=1000");
      expect(available.body.meta.pagination.total + offline.body.meta.pagination.total).toBe(
        all.body.meta.pagination.total,
      );
      expectBadRequest(await chatCall(server, "GET", "/users?status=online"), "status");

      const moderators = await chatCall(server, "GET", "/users?role=moderator");
      expect(uidsOf(moderators).sort()).toEqual(["fatima-al-sayed", "lukas-muller", "priya-raman"]);
    });

    it("pages through the matches", async () => {
      const first = await chatCall(server, "GET", "/users?searchKey=zz-list&perPage=2");
      expect(first.body.meta.pagination).toEqual({ total: 5, count: 2, per_page: 2, current_page: 1, total_pages: 3 });
      const last = await chatCall(server, "GET", "/users?searchKey=zz-list&perPage=2&page=3");
      expect(last.body.meta.pagination).toMatchObject({ count: 1, current_page: 3 });
      const second = await chatCall(server, "GET", "/users?searchKey=zz-list&perPage=2&page=2");
      const whole = await chatCall(server, "GET", "/users?searchKey=zz-list");
      expect([...uidsOf(first), ...uidsOf(second), ...uidsOf(last)]).toEqual(uidsOf(whole));
      const past = await chatCall(server, "GET", "/users?searchKey=zz-list&perPage=2&page=9");
      expect(past.body.data).toEqual([]);
      expect(past.body.meta.pagination).toMatchObject({ total: 5, count: 0, current_page: 9 });
    });

    it("answers 400 with details for a perPage or page out of range", async () => {
      for (const query of ["perPage=0", "perPage=1001", "perPage=ten", "perPage=2.5"]) {
        expectBadRequest(await chatCall(server, "GET", `/users?${query}`), "perPage");
      }
      expectBadRequest(await chatCall(server, "GET", "/users?page=0"), "page");
      const most = await chatCall(server, "GET", "/users?perPage=1000");
      expect(most.status).toBe(200);
    });
  });

  describe("GET /conversations", () => {
    it("answers 400 without onBehalfOf, as the single conversation endpoints do, and 404 for an unknown owner", async () => {
      const missing = await chatCall(server, "GET", "/conversations");
      const single = await chatCall(server, "GET", "/users/cometchat-uid-2/conversation");
      expectBadRequest(missing, "onBehalfOf");
      expect(missing.body).toEqual(single.body);
      const unknown = await conversations("", "nobody-at-all");
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe("ERR_UID_NOT_FOUND");
    });

    it("lists the owner's user and group conversations, newest first, each as the single endpoints answer it", async () => {
      const call = await conversations("");
      expect(call.status).toBe(200);
      expectListMeta(call, { per_page: 100, current_page: 1 });
      expect(idsOf(call)).toEqual(
        expect.arrayContaining(["group_cometchat-guid-1", "cometchat-uid-1_user_cometchat-uid-2"]),
      );
      const times = call.body.data.map((record: { updatedAt: number }) => record.updatedAt);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(call.body.meta.cursor.updatedAt).toBe(times[0]);

      const group = await chatCall(server, "GET", "/groups/cometchat-guid-1/conversation", {
        onBehalfOf: "cometchat-uid-1",
      });
      const user = await chatCall(server, "GET", "/users/cometchat-uid-2/conversation", {
        onBehalfOf: "cometchat-uid-1",
      });
      const listed = (id: string) => call.body.data.find((record: any) => record.conversationId === id);
      expect(listed("group_cometchat-guid-1")).toEqual(group.body.data[0]);
      expect(listed("cometchat-uid-1_user_cometchat-uid-2")).toEqual(user.body.data[0]);
      expect(listed("cometchat-uid-1_user_cometchat-uid-2").tags).toEqual(["sent"]);
    });

    it("includes a conversation without messages, and leaves out a group the owner was removed from", async () => {
      const silent = await conversations("", "cometchat-uid-4");
      const record = silent.body.data.find(
        (item: any) => item.conversationId === "cometchat-uid-4_user_cometchat-uid-5",
      );
      expect(record).toMatchObject({ conversationType: "user", unreadMessageCount: "0", tags: [] });
      expect(record.lastMessage).toBeUndefined();
      const kicked = await conversations("?perPage=1000", "kevin-price");
      expect(kicked.status).toBe(200);
      expect(idsOf(kicked)).not.toContain("group_cometchat-guid-1");
    });

    it("filters by conversationType, and refuses another type", async () => {
      const groups = await conversations("?conversationType=group");
      expect(groups.body.data.length).toBeGreaterThan(0);
      for (const record of groups.body.data) expect(record.conversationType).toBe("group");
      const users = await conversations("?conversationType=user");
      for (const record of users.body.data) expect(record.conversationType).toBe("user");
      const all = await conversations("");
      expect(groups.body.meta.pagination.total + users.body.meta.pagination.total).toBe(all.body.meta.pagination.total);
      expectBadRequest(await conversations("?conversationType=channel"), "conversationType");
    });

    it("filters the unread ones, and refuses an unread that is not a boolean", async () => {
      const unread = await conversations("?unread=true");
      expect(unread.body.data.length).toBeGreaterThan(0);
      for (const record of unread.body.data) expect(Number(record.unreadMessageCount)).toBeGreaterThan(0);
      const all = await conversations("?unread=false");
      expect(all.body.meta.pagination.total).toBeGreaterThan(unread.body.meta.pagination.total);
      expectBadRequest(await conversations("?unread=maybe"), "unread");
    });

    it("filters by the owner's tags: any tags, or any of the given ones", async () => {
      const tagged = await conversations("?withTags=true");
      for (const record of tagged.body.data) expect(record.tags.length).toBeGreaterThan(0);
      expect(idsOf(tagged)).toContain("cometchat-uid-1_user_cometchat-uid-2");
      const spam = await conversations("?tags=spam");
      expect(idsOf(spam).sort()).toEqual(["brittany-cole_user_cometchat-uid-1", "cometchat-uid-1_user_kevin-price"]);
      const either = await conversations("?tags=spam,pinned");
      expect(idsOf(either).sort()).toEqual([
        "brittany-cole_user_cometchat-uid-1",
        "cometchat-uid-1_user_kevin-price",
        "group_cometchat-guid-1",
      ]);
    });

    it("shows a tag change at once, with the changed conversation first", async () => {
      const put = await chatCall(server, "PUT", "/users/cometchat-uid-5/conversation", {
        onBehalfOf: "cometchat-uid-3",
        body: { tags: ["listed-now"] },
      });
      expect(put.status).toBe(200);
      const call = await conversations("?tags=listed-now", "cometchat-uid-3");
      expect(call.body.data).toEqual(put.body.data);
      const newest = await conversations("?perPage=1", "cometchat-uid-3");
      expect(idsOf(newest)).toEqual(["cometchat-uid-3_user_cometchat-uid-5"]);
    });

    it("searches the names of the users and groups, and their ids", async () => {
      const byName = await conversations("?searchKey=george");
      expect(idsOf(byName)).toEqual(["cometchat-uid-1_user_cometchat-uid-2"]);
      const byGroupName = await conversations("?searchKey=hiking");
      expect(idsOf(byGroupName)).toEqual(["group_cometchat-guid-1"]);
      const byId = await conversations("?searchKey=kevin-p");
      expect(idsOf(byId)).toEqual(["cometchat-uid-1_user_kevin-price"]);
    });

    it("pages through the conversations, and answers 400 for a bad perPage", async () => {
      const all = await conversations("");
      const total = all.body.meta.pagination.total;
      const first = await conversations("?perPage=2");
      expect(first.body.meta.pagination).toEqual({
        total,
        count: 2,
        per_page: 2,
        current_page: 1,
        total_pages: Math.ceil(total / 2),
      });
      const second = await conversations("?perPage=2&page=2");
      expect([...idsOf(first), ...idsOf(second)]).toEqual(idsOf(all).slice(0, 4));
      const past = await conversations("?perPage=2&page=99");
      expect(past.body.data).toEqual([]);
      expect(past.body.meta.pagination).toMatchObject({ total, count: 0 });
      expectBadRequest(await conversations("?perPage=5000"), "perPage");
    });
  });

  it("GET /users/{uid}/blockedusers carries the cursor beside the pagination", async () => {
    const call = await chatCall(server, "GET", "/users/cometchat-uid-1/blockedusers");
    expect(call.status).toBe(200);
    expectListMeta(call, { total: 2, count: 2, per_page: 100, current_page: 1, total_pages: 1 });
    const newest = Math.max(...call.body.data.map((user: { blockedAt: number }) => user.blockedAt));
    expect(call.body.meta.cursor.updatedAt).toBe(newest);
  });
});
