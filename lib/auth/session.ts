import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import { auth } from "./auth";
import { findOperatorById, toSummary, type OperatorSummary } from "./operators";
import { can, type Permission } from "@/lib/roles";

/**
 * The signed-in operator, read from the database on every request: a disabled operator or a
 * session older than a password reset has no operator, whatever the session cookie says (`auth()`
 * has already refused a session signed out of or past its end). Memoised for the request: the layout and the page ask once between them.
 */
export const getCurrentOperator = cache(async function getCurrentOperator(): Promise<OperatorSummary | null> {
  const session = await auth();
  if (!session?.operatorId || !session.sessionId) return null;
  const db = await getDb();
  const operator = await findOperatorById(db, session.operatorId);
  if (!operator || operator.disabledAt || operator.sessionVersion !== session.sessionVersion) return null;
  return toSummary(operator);
});

/** For pages: the operator, or a redirect to sign in; without `permission`, to the console's start. */
export async function requireOperator(permission?: Permission): Promise<OperatorSummary> {
  const operator = await getCurrentOperator();
  if (!operator) redirect("/login?reason=signed-out");
  // Inside the console's layout, a page that says which role it needs, rather than a silent detour.
  if (permission && !can(operator.role, permission)) redirect(`/forbidden?needs=${permission}`);
  return operator;
}
