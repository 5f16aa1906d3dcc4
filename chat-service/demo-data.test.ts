import { describe, expect, it } from "vitest";
import { buildDemoData } from "./demo-data";

const NOW = 1_790_000_000;
const HOUR = 3600;

describe("the demo data", () => {
  it("is the same for the same time, and only shifted in time for another", () => {
    const first = buildDemoData(NOW);
    expect(buildDemoData(NOW)).toEqual(first);
    const later = buildDemoData(NOW + 86_400);
    expect(later.users.map((user) => user.uid)).toEqual(first.users.map((user) => user.uid));
    expect(later.messages.map((message) => message.data)).toEqual(first.messages.map((message) => message.data));
    expect(later.messages.map((message) => message.sentAt - NOW - 86_400)).toEqual(
      first.messages.map((message) => message.sentAt - NOW),
    );
  });

  it("writes nothing after its time, and nobody writes before their account exists", () => {
    const data = buildDemoData(NOW);
    const createdAt = new Map(data.users.map((user) => [user.uid, user.createdAt]));
    for (const message of data.messages) {
      expect(message.sentAt).toBeLessThanOrEqual(NOW);
      expect(message.sentAt).toBeGreaterThan(createdAt.get(message.sender) as number);
    }
    for (const flag of data.flags) {
      expect(flag.flaggedAt).toBeGreaterThan(flag.message.sentAt);
      expect(flag.flaggedAt).toBeLessThanOrEqual(NOW);
    }
  });

  it("has the raid in its last two hours, and unique keys for every table", () => {
    const data = buildDemoData(NOW);
    const raiders = data.users.filter((user) => user.createdAt > NOW - 6 * HOUR);
    expect(raiders).toHaveLength(60);
    const raid = data.messages.filter((message) => raiders.some((raider) => raider.uid === message.sender));
    for (const message of raid) expect(message.sentAt).toBeGreaterThan(NOW - 2 * HOUR);
    const unique = (keys: string[]) => expect(new Set(keys).size).toBe(keys.length);
    unique(data.users.map((user) => user.uid));
    unique(data.members.map((member) => `${member.guid} ${member.uid}`));
    unique(data.states.map((state) => `${state.ownerUid} ${state.conversationId}`));
    unique(data.flags.map((flag) => `${data.messages.indexOf(flag.message)} ${flag.uid}`));
  });
});
