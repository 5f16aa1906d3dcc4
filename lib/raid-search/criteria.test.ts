import { describe, expect, it } from "vitest";
import type { RaidSearchCriteria } from "@/lib/db/schema";
import {
  criteriaOf,
  domainMatches,
  filtersOf,
  matchesLocally,
  progressOf,
  slicesOf,
  type FoundMessage,
} from "./criteria";

const group: RaidSearchCriteria = { where: { kind: "group", guid: "cometchat-guid-1" }, from: 1000, to: 8200 };
const message = (changes: Partial<FoundMessage>): FoundMessage => ({
  id: "1",
  sender: "raider",
  sentAt: 5000,
  text: "claim https://usdt-drop.example/claim",
  name: "Crypto Gains 152",
  accountCreatedAt: 900,
  ...changes,
});

describe("the search's criteria", () => {
  it("resolves a quick pick to the window that ends when the search starts", () => {
    const criteria = criteriaOf(
      { where: "group", group: "cometchat-guid-1", hasLinks: true, window: "last_2_hours" } as never,
      10_000,
    );
    expect(criteria).toEqual({
      where: { kind: "group", guid: "cometchat-guid-1" },
      from: 2800,
      to: 10_000,
      hasLinks: true,
    });
  });

  it("cuts the window into slices that cover it exactly, without overlap", () => {
    const slices = slicesOf(group);
    expect(slices).toHaveLength(4);
    expect(slices[0]!.from).toBe(1000);
    expect(slices.at(-1)!.to).toBe(8200);
    for (let i = 1; i < slices.length; i += 1) expect(slices[i]!.from).toBe(slices[i - 1]!.to + 1);
    expect(slicesOf({ ...group, to: 1030 })).toHaveLength(1);
  });

  it("asks the vendor for the domain as its search key and checks the exact domain itself", () => {
    const criteria = { ...group, hasLinks: true, linkDomain: "usdt-drop.example" };
    expect(filtersOf(criteria, slicesOf(criteria)[0]!)).toMatchObject({
      searchKey: "usdt-drop.example",
      hasLinks: true,
    });
    expect(matchesLocally(criteria, message({}))).toBe(true);
    expect(
      matchesLocally(criteria, message({ text: "see usdt-drop.example.evil.test/x and https://notusdt-drop.example" })),
    ).toBe(false);
  });

  it("matches a name by its start or the start of any word, and leaves out a user's own direct messages", () => {
    expect(matchesLocally({ ...group, namePrefix: "gains" }, message({}))).toBe(true);
    expect(matchesLocally({ ...group, namePrefix: "ains" }, message({}))).toBe(false);
    const direct: RaidSearchCriteria = { ...group, where: { kind: "user", uid: "amara-okafor" } };
    expect(matchesLocally(direct, message({ sender: "amara-okafor" }))).toBe(false);
    expect(filtersOf(direct, slicesOf(direct)[0]!)).toMatchObject({ receiverType: "user" });
  });

  it("tells how much of the window is read from the slices' cursors, newest first", () => {
    const slices = slicesOf(group);
    expect(progressOf(slices)).toBe(0);
    slices[0] = { ...slices[0]!, done: true };
    slices[1] = { ...slices[1]!, cursor: { affix: "prepend", sentAt: slices[1]!.to - 900, id: "9" } };
    expect(progressOf(slices)).toBeCloseTo((1800 + 900) / 7200, 2);
  });
});

describe("a link's domain", () => {
  it("matches the domain and its subdomains, with or without www., not a domain that merely ends alike", () => {
    expect(domainMatches("a.usdt-drop.example", "usdt-drop.example")).toBe(true);
    expect(domainMatches("www.usdt-drop.example", "USDT-drop.example")).toBe(true);
    expect(domainMatches("notusdt-drop.example", "usdt-drop.example")).toBe(false);
  });
});
