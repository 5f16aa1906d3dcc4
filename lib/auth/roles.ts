export const OPERATOR_ROLES = ["support", "moderator", "auditor", "admin"] as const;
export type Role = (typeof OPERATOR_ROLES)[number];

export type Permission =
  | "users.read"
  | "conversation.tags.update"
  | "users.block"
  | "users.unblock"
  | "audit.read.own"
  | "audit.read.all"
  | "audit.export"
  | "operators.manage";

const SUPPORT: Permission[] = ["users.read", "conversation.tags.update", "audit.read.own"];
const MODERATOR: Permission[] = [...SUPPORT, "users.block", "users.unblock"];
const AUDITOR: Permission[] = ["audit.read.all", "audit.export"];

/** What each role may do. A page hides what a role cannot do; every action checks again. */
const PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  support: new Set(SUPPORT),
  moderator: new Set(MODERATOR),
  auditor: new Set(AUDITOR),
  admin: new Set<Permission>([...MODERATOR, ...AUDITOR, "operators.manage"]),
};

export function can(role: Role, permission: Permission): boolean {
  return PERMISSIONS[role].has(permission);
}

export const ROLE_LABELS: Record<Role, string> = {
  support: "Support",
  moderator: "Moderator",
  auditor: "Auditor",
  admin: "Admin",
};
