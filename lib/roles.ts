export const OPERATOR_ROLES = ["support", "moderator", "auditor", "admin"] as const;
export type Role = (typeof OPERATOR_ROLES)[number];

export type Permission =
  | "users.read"
  | "conversation.tags.update"
  | "users.block"
  | "users.unblock"
  | "messages.delete"
  | "messages.delete.permanent"
  | "users.deactivate"
  | "groups.members.manage"
  | "audit.read.own"
  | "audit.read.all"
  | "audit.export"
  | "operators.manage"
  | "incidents.break_glass"
  | "reports.read"
  | "reports.decide"
  | "accounts.search"
  | "incidents.read"
  | "notes.read"
  | "notes.write"
  | "notes.manage"
  | "rules.read"
  | "rules.manage";

const SUPPORT: Permission[] = [
  "users.read",
  "conversation.tags.update",
  "audit.read.own",
  "reports.read",
  "incidents.read",
  "notes.read",
  "notes.write",
  "rules.read",
];
const MODERATOR: Permission[] = [
  ...SUPPORT,
  "users.block",
  "users.unblock",
  "messages.delete",
  "users.deactivate",
  "groups.members.manage",
  "reports.decide",
  "accounts.search",
  "rules.manage",
];
const AUDITOR: Permission[] = ["audit.read.all", "audit.export", "notes.read"];

/** What each role may do. A page hides what a role cannot do; every action checks again. */
const PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  support: new Set(SUPPORT),
  moderator: new Set(MODERATOR),
  auditor: new Set(AUDITOR),
  admin: new Set<Permission>([
    ...MODERATOR,
    ...AUDITOR,
    "operators.manage",
    "incidents.break_glass",
    "messages.delete.permanent",
    "notes.manage",
  ]),
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

/** The roles that have `permission`, for a refusal that says which role a page needs. */
export function rolesAllowedTo(permission: Permission): Role[] {
  return OPERATOR_ROLES.filter((role) => PERMISSIONS[role].has(permission));
}

const PERMISSION_NAMES: Record<Permission, string> = {
  "users.read": "look users up",
  "conversation.tags.update": "edit conversation tags",
  "users.block": "block users",
  "users.unblock": "unblock users",
  "messages.delete": "delete messages",
  "messages.delete.permanent": "delete messages permanently",
  "users.deactivate": "deactivate and reactivate users",
  "groups.members.manage": "kick, ban and unban group members",
  "audit.read.own": "read the action log",
  "audit.read.all": "read the whole action log",
  "audit.export": "export the action log",
  "operators.manage": "manage operators",
  "incidents.break_glass": "start a large job without a second operator's approval",
  "reports.read": "read reported messages",
  "reports.decide": "decide on reported messages",
  "accounts.search": "search for the accounts behind a raid",
  "incidents.read": "follow incident jobs and the searches for a raid's accounts",
  "notes.read": "read the notes on a user",
  "notes.write": "write notes on a user",
  "notes.manage": "edit and delete other operators' notes",
  "rules.read": "read the moderation rules, their blocked messages and raid alerts",
  "rules.manage":
    "write, test, enable and disable moderation rules, deliver or keep blocked messages, and dismiss raid alerts",
};

export function isPermission(value: unknown): value is Permission {
  return typeof value === "string" && Object.hasOwn(PERMISSION_NAMES, value);
}

/** "manage operators": what a permission allows, in words. */
export function describePermission(permission: Permission): string {
  return PERMISSION_NAMES[permission];
}
