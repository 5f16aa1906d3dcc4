import type { OidcConfig } from "@/lib/env-sso";
import { OPERATOR_ROLES, type Role } from "@/lib/roles";

/** The claim's values as groups: identity providers send an array, or a lone string for one group. */
export function groupsOf(claims: Record<string, unknown>, claim: string): string[] {
  const value = claims[claim];
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((group): group is string => typeof group === "string");
  return [];
}

/**
 * The role a person's groups give them: the highest of the mapped ones, in the order
 * support < moderator < auditor < admin; undefined when no group is mapped.
 */
export function roleFromGroups(groups: string[], roleMap: OidcConfig["roleMap"]): Role | undefined {
  let best: Role | undefined;
  for (const group of groups) {
    const role = roleMap.get(group);
    if (role && (!best || OPERATOR_ROLES.indexOf(role) > OPERATOR_ROLES.indexOf(best))) best = role;
  }
  return best;
}
