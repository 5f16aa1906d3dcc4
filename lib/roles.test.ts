import { describe, expect, it } from "vitest";
import { can, OPERATOR_ROLES, rolesAllowedTo, type Permission } from "./roles";

/** What acts on users, messages, groups or jobs: support may follow incidents and do none of it. */
const ACTING: Permission[] = [
  "users.block",
  "users.unblock",
  "users.deactivate",
  "groups.members.manage",
  "messages.delete",
  "messages.delete.permanent",
  "accounts.search",
  "incidents.break_glass",
  "reports.decide",
];

describe("roles", () => {
  it("support follows incidents (jobs, requests, searches) and may do nothing there", () => {
    expect(can("support", "incidents.read")).toBe(true);
    expect(ACTING.filter((permission) => can("support", permission))).toEqual([]);
  });

  it("moderators and admins follow incidents; auditors read the log only", () => {
    expect(rolesAllowedTo("incidents.read")).toEqual(["support", "moderator", "admin"]);
    expect(OPERATOR_ROLES.filter((role) => can(role, "incidents.read") && can(role, "audit.export"))).toEqual([
      "admin",
    ]);
  });

  it("only an admin breaks the glass", () => {
    expect(rolesAllowedTo("incidents.break_glass")).toEqual(["admin"]);
  });

  it("support, moderators and admins write notes on a user, auditors read them, and only admins change another's", () => {
    expect(rolesAllowedTo("notes.read")).toEqual(["support", "moderator", "auditor", "admin"]);
    expect(rolesAllowedTo("notes.write")).toEqual(["support", "moderator", "admin"]);
    expect(rolesAllowedTo("notes.manage")).toEqual(["admin"]);
  });
});
