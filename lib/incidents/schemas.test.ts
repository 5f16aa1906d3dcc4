import { describe, expect, it } from "vitest";
import { breakGlassJobSchema } from "./schemas";

const GLASS = "Nobody else is on call at 3 am";
const pathsOf = (input: unknown) => {
  const parsed = breakGlassJobSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join("."));
};

describe("break glass for every kind of job", () => {
  it("takes a block job with its blocker, and a raid job with its group or search, deduplicating the UIDs", () => {
    const block = breakGlassJobSchema.parse({
      kind: "block",
      blocker: "victim",
      reason: "Raid",
      uids: ["a", "b", "a"],
      breakGlassReason: GLASS,
    });
    expect(block).toMatchObject({ kind: "block", blocker: "victim", uids: ["a", "b"], blockFor: "forever" });
    const ban = breakGlassJobSchema.parse({
      kind: "ban",
      group: "g",
      reason: "Raid",
      uids: ["a", "a"],
      breakGlassReason: GLASS,
    });
    expect(ban).toMatchObject({ kind: "ban", group: "g", uids: ["a"] });
  });

  it("answers each wrong field by its name", () => {
    const fields = { reason: "Raid", uids: ["a"], breakGlassReason: GLASS };
    expect(pathsOf({ ...fields, kind: "deactivate", breakGlassReason: "Too short" })).toEqual(["breakGlassReason"]);
    expect(pathsOf({ ...fields, kind: "ban" })).toEqual(["group"]);
    expect(pathsOf({ ...fields, kind: "delete_messages" })).toEqual(["searchId"]);
    expect(pathsOf({ ...fields, kind: "block", blocker: "a" })).toEqual(["uids"]);
    expect(pathsOf({ ...fields, kind: "block" })).toEqual(["blocker"]);
  });

  it("refuses a kind it does not know, saying which it takes", () => {
    const parsed = breakGlassJobSchema.safeParse({
      kind: "kick",
      reason: "Raid",
      uids: ["a"],
      breakGlassReason: GLASS,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain("deactivate, ban from a group, or delete their messages");
  });
});
