import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";

type Group = { guid: string; membersCount: number };

/**
 * A group's `membersCount` is its own members' count, wherever a group record is answered: the list,
 * the single read (with and without `onBehalfOf`), and a user's group conversations. Each is held
 * against the total of the group's members list.
 */
describe.each(await databaseKinds())("group member counts of the embedded chat API v3 on %s", (database) => {
  let server: ConsoleServer;
  let groups: Group[];
  const membersTotal = new Map<string, number>();

  beforeAll(async () => {
    server = await startConsole({ database });
    const listed = await chatCall(server, "GET", "/groups?perPage=1000");
    expect(listed.status).toBe(200);
    groups = listed.body.data;
    expect(groups.length).toBeGreaterThan(1);
    for (const { guid } of groups) {
      const members = await chatCall(server, "GET", `/groups/${guid}/members?perPage=1`);
      expect(members.status).toBe(200);
      membersTotal.set(guid, members.body.meta.pagination.total);
    }
    // The demo groups differ in size, so a count of every membership could not pass for each one's.
    expect(new Set(membersTotal.values()).size).toBeGreaterThan(1);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("GET /groups counts each group's own members", () => {
    for (const group of groups) expect(group.membersCount, group.guid).toBe(membersTotal.get(group.guid));
  });

  it("GET /groups/{guid} counts the group's own members, with and without onBehalfOf", async () => {
    for (const { guid } of groups) {
      const alone = await chatCall(server, "GET", `/groups/${guid}`);
      expect(alone.status).toBe(200);
      expect(alone.body.data.membersCount, guid).toBe(membersTotal.get(guid));
      const asUser = await chatCall(server, "GET", `/groups/${guid}`, { onBehalfOf: "cometchat-uid-1" });
      expect(asUser.body.data.membersCount, guid).toBe(membersTotal.get(guid));
    }
  });

  it("a user's group conversations count each group's own members", async () => {
    const listed = await chatCall(server, "GET", "/conversations?conversationType=group&perPage=1000", {
      onBehalfOf: "cometchat-uid-1",
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.length).toBeGreaterThan(0);
    for (const conversation of listed.body.data) {
      const { guid, membersCount } = conversation.conversationWith;
      expect(membersCount, guid).toBe(membersTotal.get(guid));
    }
  });

  it("GET /groups?hasJoined=true counts only the groups the user joined", async () => {
    const uid = "cometchat-uid-1";
    const joined = [];
    for (const { guid } of groups) {
      const read = await chatCall(server, "GET", `/groups/${guid}`, { onBehalfOf: uid });
      if (read.body.data.hasJoined) joined.push(guid);
    }
    expect(joined.length).toBeLessThan(groups.length);
    const listed = await chatCall(server, "GET", "/groups?hasJoined=true&perPage=1000", { onBehalfOf: uid });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((group: Group) => group.guid).sort()).toEqual(joined.sort());
    expect(listed.body.meta.pagination.total).toBe(joined.length);
  });
});
