import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Actor } from "@/lib/audit/actor";
import { appendAuditEvent } from "@/lib/audit/append";
import type { AuditErrorCode } from "@/lib/audit/vocabulary";
import type { Database } from "@/lib/db/client";
import { operators } from "@/lib/db/schema";
import type { OidcConfig } from "@/lib/env-sso";
import type { RequestInfo } from "@/lib/request-info";
import type { Role } from "@/lib/roles";
import { emailSchema } from "@/lib/operators/schemas";
import { findOperatorByEmail, type Operator } from "./operators";
import { groupsOf, roleFromGroups } from "./role-from-claims";

/** Auth.js's id of the identity provider: its callback is /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = "oidc";

/** Why the identity provider's person may not sign in; each has its message on the sign-in page. */
export const SSO_REFUSALS = ["NO_ROLE", "DISABLED", "NO_EMAIL", "EMAIL_TAKEN"] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

export type SsoSignIn = { ok: true; operator: Operator } | { ok: false; refusal: SsoRefusal };

const NAME_LIMIT = 100;

function nameOf(claims: Record<string, unknown>, email: string): string {
  for (const claim of ["name", "preferred_username"]) {
    const value = claims[claim];
    if (typeof value === "string" && value.trim() !== "") return value.trim().slice(0, NAME_LIMIT);
  }
  return email;
}

function emailOf(claims: Record<string, unknown>): string | undefined {
  const parsed = emailSchema.safeParse(claims.email);
  return parsed.success ? parsed.data : undefined;
}

async function findByIdentity(db: Database, issuer: string, subject: string): Promise<Operator | undefined> {
  const [operator] = await db
    .select()
    .from(operators)
    .where(and(eq(operators.identityIssuer, issuer), eq(operators.identitySubject, subject)))
    .limit(1);
  return operator;
}

/**
 * A person the identity provider vouched for (its ID token, validated by Auth.js): the operator
 * they are, created at their first sign-in and given the role their groups map to at every one.
 * A disabled operator stays disabled; a person whose groups map to no role is refused and nothing
 * is created. Every outcome, and every role change, is in the action log.
 */
export async function signInWithIdentityProvider(
  db: Database,
  config: OidcConfig,
  claims: Record<string, unknown>,
  request: RequestInfo,
): Promise<SsoSignIn> {
  const subject = String(claims.sub);
  const groups = groupsOf(claims, config.rolesClaim);
  const role = roleFromGroups(groups, config.roleMap);
  const email = emailOf(claims);
  const existing = await findByIdentity(db, config.issuer, subject);
  // What the log keeps of the provider's answer: enough to see why a role was given or refused.
  const said = { via: config.name, claim: config.rolesClaim, groups };
  const record = async (
    actor: Actor,
    action: "auth.sign_in" | "auth.sign_in_failed" | "operator.create" | "operator.update",
    summary: Record<string, unknown>,
    errorCode?: AuditErrorCode,
  ) =>
    appendAuditEvent({
      operationId: randomUUID(),
      actor,
      action,
      outcome: errorCode ? "failed" : "succeeded",
      errorCode: errorCode ?? null,
      summary: { ...said, ...summary },
      ...request,
    });
  const refuse = async (refusal: SsoRefusal): Promise<SsoSignIn> => {
    await record(
      { id: existing?.id ?? null, email: existing?.email ?? email ?? null, role: null },
      "auth.sign_in_failed",
      {},
      refusal,
    );
    return { ok: false, refusal };
  };

  if (existing?.disabledAt) return refuse("DISABLED");
  if (!role) return refuse("NO_ROLE");
  let operator: Operator;
  if (!existing) {
    if (!email) return refuse("NO_EMAIL");
    // A password operator's email is theirs: the identity provider does not take their account over.
    const holder = await findOperatorByEmail(db, email);
    if (holder) {
      // Unless it is this very person, created a moment ago by a first sign-in that ran at the same time.
      const samePerson = holder.identityIssuer === config.issuer && holder.identitySubject === subject;
      return samePerson ? signInWithIdentityProvider(db, config, claims, request) : refuse("EMAIL_TAKEN");
    }
    const [created] = await db
      .insert(operators)
      .values({ email, name: nameOf(claims, email), role, identityIssuer: config.issuer, identitySubject: subject })
      .onConflictDoNothing()
      .returning();
    // Two first sign-ins at once: the other one created the operator.
    if (!created) return signInWithIdentityProvider(db, config, claims, request);
    operator = created;
    await record({ id: operator.id, email, role }, "operator.create", {
      operator: { id: operator.id, email },
      changeSet: { role: { old: null, new: role } },
    });
  } else {
    const changed = await applyClaims(db, existing, { role, email, name: nameOf(claims, email ?? existing.email) });
    operator = changed.operator;
    if (Object.keys(changed.changeSet).length > 0) {
      await record({ id: operator.id, email: operator.email, role }, "operator.update", {
        operator: { id: operator.id, email: operator.email },
        changeSet: changed.changeSet,
      });
    }
  }
  await record({ id: operator.id, email: operator.email, role: operator.role }, "auth.sign_in", {});
  return { ok: true, operator };
}

type ChangeSet = Record<string, { old: string; new: string }>;

/**
 * The identity provider decides the role (even of the last admin, whose successor it names), the
 * email and the name. An email that another operator has stays as it was.
 */
async function applyClaims(
  db: Database,
  operator: Operator,
  claimed: { role: Role; email: string | undefined; name: string },
): Promise<{ operator: Operator; changeSet: ChangeSet }> {
  const changeSet: ChangeSet = {};
  if (operator.role !== claimed.role) changeSet.role = { old: operator.role, new: claimed.role };
  if (operator.name !== claimed.name) changeSet.name = { old: operator.name, new: claimed.name };
  if (claimed.email && claimed.email !== operator.email && !(await findOperatorByEmail(db, claimed.email))) {
    changeSet.email = { old: operator.email, new: claimed.email };
  }
  if (Object.keys(changeSet).length === 0) return { operator, changeSet };
  const [updated] = await db
    .update(operators)
    .set({
      role: claimed.role,
      name: changeSet.name ? claimed.name : operator.name,
      email: changeSet.email ? claimed.email : operator.email,
      updatedAt: new Date(),
    })
    .where(eq(operators.id, operator.id))
    .returning();
  return { operator: updated ?? operator, changeSet };
}
