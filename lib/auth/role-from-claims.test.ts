import { describe, expect, it } from "vitest";
import type { Role } from "@/lib/roles";
import { groupsOf, roleFromGroups } from "./role-from-claims";

const MAP = new Map<string, Role>([
  ["mods", "moderator"],
  ["audit", "auditor"],
  ["support", "support"],
  ["console-admins", "admin"],
]);

describe("roles from the identity provider's claim", () => {
  it("reads an array claim, a lone string, and nothing else", () => {
    expect(groupsOf({ groups: ["mods", 3, "audit"] }, "groups")).toEqual(["mods", "audit"]);
    expect(groupsOf({ roles: "mods" }, "roles")).toEqual(["mods"]);
    expect(groupsOf({ groups: { mods: true } }, "groups")).toEqual([]);
    expect(groupsOf({}, "groups")).toEqual([]);
  });

  it("gives the highest mapped role, whatever the order of the groups", () => {
    expect(roleFromGroups(["support", "mods"], MAP)).toBe("moderator");
    expect(roleFromGroups(["console-admins", "support", "audit"], MAP)).toBe("admin");
    expect(roleFromGroups(["audit", "mods"], MAP)).toBe("auditor");
    expect(roleFromGroups(["everyone", "support"], MAP)).toBe("support");
  });

  it("gives no role when no group is mapped", () => {
    expect(roleFromGroups(["everyone", "Mods"], MAP)).toBeUndefined();
    expect(roleFromGroups([], MAP)).toBeUndefined();
  });
});
