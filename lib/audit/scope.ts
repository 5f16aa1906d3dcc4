import { can, type Role } from "@/lib/roles";
import type { AuditScope } from "./query";

/** What part of the log an operator may read: everything, their own actions, or nothing. */
export function auditScopeOf(operator: { id: string; role: Role }): AuditScope | undefined {
  if (can(operator.role, "audit.read.all")) return { kind: "all" };
  if (can(operator.role, "audit.read.own")) return { kind: "own", actorId: operator.id };
  return undefined;
}
