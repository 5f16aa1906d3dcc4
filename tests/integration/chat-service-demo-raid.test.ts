import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatCall } from "../support/chat-client";
import { databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";

/** The raid of the demo data, as docs/embedded-chat-api.md, "The raid", describes it. */

type User = { uid: string; name: string; createdAt: number };
type Message = { id: string; sender: string; receiver: string; receiverType: string; sentAt: number; data: any };
type Flagged = Message & { flaggedBy: { uid: string; reasonId: string; remark: string }[]; flaggedCount: number };

const PATTERNS = [/^[a-z]+\d{4}$/, /^crypto-gains-\d{3}$/, /^user_[0-9a-f]{8}$/];
const RAIDED = ["amara-okafor", "cometchat-guid-1", "cometchat-uid-3", "weekend-cyclists"];
const HOUR = 3600;
const DAY = 24 * HOUR;

describe.each(await databaseKinds())("embedded chat API v3, the demo raid, on %s", (database) => {
  let server: ConsoleServer;
  let raiders: User[];
  let raid: Message[];
  const get = async (path: string) => {
    const call = await chatCall(server, "GET", path);
    expect(call.status).toBe(200);
    return call.body.data;
  };

  beforeAll(async () => {
    server = await startConsole({ database });
    const users: User[] = await get("/users?perPage=1000&withDeactivated=true");
    const newestFirst = [...users].sort((a, b) => b.createdAt - a.createdAt);
    raiders = newestFirst.slice(0, 60);
    // Everyone else has been around for weeks.
    expect(newestFirst[60]?.createdAt).toBeLessThan((raiders[59] as User).createdAt - 30 * DAY);
    raid = await get("/messages?searchKey=usdt-drop.example&limit=1000&hideDeleted=false");
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("has 60 accounts created within the hour, 20 of each bot pattern", () => {
    const created = raiders.map((user) => user.createdAt);
    expect(Math.max(...created) - Math.min(...created)).toBeLessThan(HOUR);
    for (const pattern of PATTERNS) expect(raiders.filter((user) => pattern.test(user.uid))).toHaveLength(20);
    const named = raiders.filter((user) => PATTERNS[0]?.test(user.uid));
    for (const user of named) expect(user.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
  });

  it("posts the same giveaway link from every raider into two groups and two users' messages, within two hours", () => {
    const raiderUids = new Set(raiders.map((user) => user.uid));
    expect(raid).toHaveLength(168);
    expect(new Set(raid.map((message) => message.sender))).toEqual(raiderUids);
    expect([...new Set(raid.map((message) => message.receiver))].sort()).toEqual(RAIDED);
    for (const message of raid)
      expect(message.data.text).toMatch(
        /^\S+ (FREE|Free) 500 USDT for the first (50|100) people! .+ 👉 https:\/\/usdt-drop\.example\/claim\?ref=[A-Z2-9]{5}$/,
      );
    const times = raid.map((message) => message.sentAt);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThan(2 * HOUR);
    expect(Math.min(...times)).toBeGreaterThan(Math.max(...raiders.map((user) => user.createdAt)));
  });

  it("has twelve raiders harass amara-okafor in the Hiking Group and in her direct messages", async () => {
    const raiderUids = new Set(raiders.map((user) => user.uid));
    const mentions: Message[] = await get("/messages?searchKey=amara&limit=1000");
    const harassment = mentions.filter((message) => raiderUids.has(message.sender));
    expect(harassment).toHaveLength(20);
    expect(new Set(harassment.map((message) => message.sender)).size).toBe(12);
    expect([...new Set(harassment.map((message) => message.receiver))].sort()).toEqual([
      "amara-okafor",
      "cometchat-guid-1",
    ]);
  });

  it("has the raiders join the groups they post in", async () => {
    const members: { uid: string }[] = await get("/groups/cometchat-guid-1/members?perPage=1000");
    const joined = members.filter((member) => raiders.some((raider) => raider.uid === member.uid));
    expect(joined).toHaveLength(40);
  });

  it("has one raider deactivated already, their messages kept", async () => {
    const deactivated: User[] = await get("/users?onlyDeactivated=true");
    expect(deactivated.map((user) => user.uid)).toEqual([expect.stringMatching(PATTERNS[1] as RegExp)]);
    const uid = (deactivated[0] as User).uid;
    expect(raiders.map((user) => user.uid)).toContain(uid);
    const call = await chatCall(server, "GET", `/users/${uid}`);
    expect(call.status).toBe(404);
    expect(call.body.error.code).toBe("ERR_UID_NOT_FOUND");
    expect(raid.filter((message) => message.sender === uid).length).toBeGreaterThan(0);
  });

  it("queues a third of the raid's messages, flagged by real users with reasons and remarks, and three unfair flags", async () => {
    const flagged: Flagged[] = await get("/moderation/flagged-messages?limit=1000");
    const raiderUids = new Set(raiders.map((user) => user.uid));
    const fromRaid = flagged.filter((item) => raiderUids.has(item.sender));
    expect(fromRaid).toHaveLength(Math.round((raid.length + 20) / 3));
    for (const item of flagged) {
      expect(item.flaggedCount).toBe(item.flaggedBy.length);
      for (const flag of item.flaggedBy) expect(raiderUids.has(flag.uid)).toBe(false);
    }
    const flags = fromRaid.flatMap((item) => item.flaggedBy);
    expect(new Set(flags.map((flag) => flag.reasonId))).toEqual(new Set(["spam", "harassment", "inappropriate"]));
    expect(flags.filter((flag) => flag.remark !== "").length).toBeGreaterThan(flags.length / 2);
    expect(fromRaid.some((item) => item.flaggedCount > 1)).toBe(true);

    const unfair = flagged
      .filter((item) => !raiderUids.has(item.sender))
      .map((item) => [item.sender, item.flaggedBy.map((flag) => [flag.uid, flag.reasonId])]);
    expect(unfair.sort()).toEqual([
      ["cometchat-uid-2", [["cometchat-uid-4", "spam"]]],
      ["kwame-mensah", [["tomas-silva", "spam"]]],
      ["oluwaseun-adeyemi", [["kenji-watanabe", "inappropriate"]]],
    ]);
  });

  it("has weeks of ordinary messages before the raid in the raided groups", async () => {
    const newest = Math.max(...raid.map((message) => message.sentAt));
    for (const guid of ["cometchat-guid-1", "weekend-cyclists"]) {
      const messages: Message[] = await get(
        `/groups/${guid}/messages?limit=1000&category=message&fromTimestamp=${newest - 35 * DAY}`,
      );
      const ordinary = messages.filter((message) => !raiders.some((raider) => raider.uid === message.sender));
      expect(ordinary.length).toBeGreaterThan(50);
      const times = ordinary.map((message) => message.sentAt);
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(21 * DAY);
    }
  });
});
