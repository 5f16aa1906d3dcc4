import { randomBytes } from "node:crypto";
import { asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/client";
import { RefusedError } from "@/lib/errors";
import { operators } from "@/lib/db/schema";
import type { Role } from "@/lib/roles";
import { hashPassword } from "./passwords";

export type Operator = typeof operators.$inferSelect;
/** An operator as pages and logs may show it: never the password hash. */
export type OperatorSummary = Pick<
  Operator,
  "id" | "email" | "name" | "role" | "identityIssuer" | "disabledAt" | "createdAt" | "updatedAt"
>;

export function toSummary(operator: Operator): OperatorSummary {
  const { id, email, name, role, identityIssuer, disabledAt, createdAt, updatedAt } = operator;
  return { id, email, name, role, identityIssuer, disabledAt, createdAt, updatedAt };
}

const summaryColumns = {
  id: operators.id,
  email: operators.email,
  name: operators.name,
  role: operators.role,
  identityIssuer: operators.identityIssuer,
  disabledAt: operators.disabledAt,
  createdAt: operators.createdAt,
  updatedAt: operators.updatedAt,
};

export class OperatorError extends RefusedError {
  constructor(message: string) {
    super(message);
    this.name = "OperatorError";
  }
}

export async function findOperatorByEmail(db: Database, email: string): Promise<Operator | undefined> {
  const [operator] = await db.select().from(operators).where(eq(operators.email, email.toLowerCase())).limit(1);
  return operator;
}

export async function findOperatorById(db: Database, id: string): Promise<Operator | undefined> {
  const [operator] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return operator;
}

export async function listOperators(db: Database): Promise<OperatorSummary[]> {
  return db.select(summaryColumns).from(operators).orderBy(asc(operators.email));
}

export async function createOperator(
  db: Database,
  input: { email: string; name: string; role: Role; password: string },
): Promise<OperatorSummary> {
  const passwordHash = await hashPassword(input.password);
  const [created] = await db
    .insert(operators)
    .values({ email: input.email.toLowerCase(), name: input.name, role: input.role, passwordHash })
    .onConflictDoNothing({ target: operators.email })
    .returning(summaryColumns);
  if (!created) throw new OperatorError(`An operator with the email ${input.email} already exists.`);
  return created;
}

async function update(db: Database, id: string, values: Partial<typeof operators.$inferInsert>, bumpSession = false) {
  const [updated] = await db
    .update(operators)
    .set({
      ...values,
      updatedAt: new Date(),
      ...(bumpSession ? { sessionVersion: sql`${operators.sessionVersion} + 1` } : {}),
    })
    .where(eq(operators.id, id))
    .returning(summaryColumns);
  if (!updated) throw new OperatorError("No operator has that id.");
  return updated;
}

/** Refuses a change that would leave no active admin, so that operators can always be managed. */
async function assertAnotherActiveAdmin(db: Database, id: string) {
  const target = await findOperatorById(db, id);
  if (!target || target.role !== "admin" || target.disabledAt) return;
  const [{ admins } = { admins: 0 }] = await db
    .select({ admins: count() })
    .from(operators)
    .where(sql`${operators.role} = 'admin' and ${operators.disabledAt} is null`);
  if (admins <= 1) throw new OperatorError("This is the last active admin: make another operator an admin first.");
}

/** An operator from the identity provider gets their role from it at every sign-in, not from here. */
async function assertSignsInWithPassword(db: Database, id: string, change: "role" | "password") {
  const target = await findOperatorById(db, id);
  if (!target?.identityIssuer) return;
  throw new OperatorError(
    change === "role"
      ? `${target.email} signs in with the identity provider, which sets their role at every sign-in: change their groups there.`
      : `${target.email} signs in with the identity provider and has no password here.`,
  );
}

export async function setOperatorRole(db: Database, id: string, role: Role) {
  await assertSignsInWithPassword(db, id, "role");
  if (role !== "admin") await assertAnotherActiveAdmin(db, id);
  return update(db, id, { role });
}

export async function disableOperator(db: Database, id: string) {
  await assertAnotherActiveAdmin(db, id);
  return update(db, id, { disabledAt: new Date() }, true);
}

export async function enableOperator(db: Database, id: string) {
  return update(db, id, { disabledAt: null });
}

export async function resetOperatorPassword(db: Database, id: string, password: string) {
  await assertSignsInWithPassword(db, id, "password");
  return update(db, id, { passwordHash: await hashPassword(password) }, true);
}

export function generatePassword(): string {
  return randomBytes(15).toString("base64url");
}

/**
 * The first admin, when no operator exists: from CONSOLE_ADMIN_EMAIL and CONSOLE_ADMIN_PASSWORD,
 * or (embedded mode only) admin@example.com with a random password that the caller prints once.
 */
export async function ensureFirstAdmin(
  db: Database,
  options: { configured: { email: string; password: string } | undefined; embedded: boolean },
): Promise<{ email: string; generatedPassword?: string } | undefined> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(operators);
  if (total > 0) return undefined;
  if (options.configured) {
    await createOperator(db, { ...options.configured, name: "Administrator", role: "admin" });
    return { email: options.configured.email };
  }
  if (!options.embedded) return undefined;
  const generatedPassword = generatePassword();
  await createOperator(db, {
    email: "admin@example.com",
    name: "Administrator",
    role: "admin",
    password: generatedPassword,
  });
  return { email: "admin@example.com", generatedPassword };
}
