import { describe, expect, it } from "vitest";
import {
  auditExportHref,
  conversationMessagesHref,
  cursorOf,
  groupHref,
  hrefOf,
  messageCursorOf,
  jobResultsHref,
  jobResultsQuery,
  pageOf,
  usersSearchHref,
  withChanges,
} from "./url-state";

describe("URL state", () => {
  it("reads a page: a whole number from 1 to 1,000,000, the first of repeated values, else 1", () => {
    expect(pageOf("3")).toBe(3);
    expect(pageOf(["2", "1"])).toBe(2);
    for (const value of [undefined, "", "0", "-2", "2.5", "nope", "1000001", "1e400"]) expect(pageOf(value)).toBe(1);
  });

  it("reads a cursor only when it is a positive sequence number", () => {
    expect(cursorOf("42")).toBe(42);
    for (const value of [undefined, "0", "-1", "1.5", "12345678901234567", "x"])
      expect(cursorOf(value)).toBeUndefined();
  });

  it("reads a message cursor of the chat service, and writes it back the same", () => {
    const cursor = messageCursorOf("prepend.1790877696.1234");
    expect(cursor).toEqual({ affix: "prepend", sentAt: 1790877696, id: "1234" });
    expect(conversationMessagesHref("amara-okafor", { kind: "user", id: "a b" }, cursor)).toBe(
      "/users/amara-okafor/messages/user/a%20b?cursor=prepend.1790877696.1234",
    );
    for (const value of [undefined, "", "before.1.2", "prepend.x.2", "append.1.-2", "prepend.1.2.3", "append.1e3.2"])
      expect(messageCursorOf(value)).toBeUndefined();
    expect(groupHref("hiking group", { membersPage: 2, bannedPage: null }, "#members")).toBe(
      "/groups/hiking%20group?membersPage=2#members",
    );
  });

  it("builds links that leave out empty values, and change one thing of the current query", () => {
    expect(hrefOf("/audit", { actor: "", uid: null, action: undefined })).toBe("/audit");
    expect(usersSearchHref("mal & co", 1)).toBe("/users?search=mal+%26+co&page=1");
    expect(auditExportHref({ actor: "a@b.c", uid: undefined }, "csv")).toBe("/audit/export?actor=a%40b.c&format=csv");
    expect(
      hrefOf("/users/u", withChanges({ conversations: "user", conversationsPage: ["3"] }, { blockedPage: 2 })),
    ).toBe("/users/u?conversations=user&conversationsPage=3&blockedPage=2");
  });

  it("reads and links to a job's results at an outcome and page", () => {
    expect(jobResultsQuery({ outcome: "failed", page: "2" })).toEqual({ outcome: "failed", page: 2 });
    expect(jobResultsQuery({ outcome: "", page: undefined })).toEqual({ outcome: null, page: 1 });
    expect(jobResultsHref("j", null)).toBe("/incidents/j#results");
    expect(jobResultsHref("j", "failed", 2)).toBe("/incidents/j?outcome=failed&page=2#results");
  });
});
