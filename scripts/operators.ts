import { randomUUID } from "node:crypto";
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { SYSTEM_ACTOR } from "../lib/audit/actor";
import { auditedOperation, AuditUnavailableError } from "../lib/audit/operation";
import {
  createOperator,
  disableOperator,
  enableOperator,
  findOperatorByEmail,
  generatePassword,
  listOperators,
  OperatorError,
  resetOperatorPassword,
  setOperatorRole,
} from "../lib/auth/operators";
import { closeDb, getDb } from "../lib/db/client";
import { DatabaseBusyError } from "../lib/db/pglite-lock";
import { getEnv } from "../lib/env";
import { EnvError } from "../lib/env-parts";
import { createOperatorSchema, emailSchema, passwordSchema, roleSchema } from "../lib/operators/schemas";

const USAGE = `Manage the console's operators.

  npm run operators -- list
  npm run operators -- create <email> --name "<name>" --role <support|moderator|auditor|admin> [--password <password>]
  npm run operators -- set-role <email> <support|moderator|auditor|admin>
  npm run operators -- disable <email>
  npm run operators -- enable <email>
  npm run operators -- reset-password <email> [--password <password>]

Without --password, a random password is generated and printed once.
It uses the console's database (DATA_DIR or DATABASE_URL, as npm start does).
With AUTH_PASSWORD_SIGN_IN=false, operators come from the identity provider: create and
reset-password have nothing to do, and the role of its operators is set at their sign-in.`;

class UsageError extends Error {}

function parse<T>(
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } };
  },
  value: unknown,
): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new UsageError(result.error.issues.map((issue) => issue.message).join(" "));
  return result.data;
}

/** Changes made here are in the action log too, with the command line's user as the actor. */
function audited<T extends { id: string; email: string; role: string }>(
  action: "operator.create" | "operator.update",
  requestBody: Record<string, unknown>,
  work: () => Promise<T>,
): Promise<T> {
  return auditedOperation(
    {
      operationId: randomUUID(),
      actor: { ...SYSTEM_ACTOR, email: `cli:${userInfo().username}` },
      action,
      requestBody: { ...requestBody, via: "npm run operators" },
    },
    work,
    {
      success: (operator) => ({
        outcome: "succeeded",
        summary: { operator: { id: operator.id, email: operator.email } },
      }),
      failure: (error) => ({
        errorCode: "REFUSED",
        summary: { message: error instanceof Error ? error.message : String(error) },
      }),
    },
  );
}

/** Passwords are of no use when nobody may sign in with one: say so rather than make one. */
function assertPasswordSignIn(command: string): void {
  const { oidc, passwordSignIn } = getEnv().sso;
  if (passwordSignIn) return;
  throw new UsageError(
    `${command}: password sign-in is off (AUTH_PASSWORD_SIGN_IN=false), so a password would never be used. ` +
      `Operators are created at their first sign-in with ${oidc?.name ?? "the identity provider"}, ` +
      `with the role their groups map to (AUTH_OIDC_ROLE_MAP).`,
  );
}

async function operatorId(email: string): Promise<string> {
  const operator = await findOperatorByEmail(await getDb(), parse(emailSchema, email));
  if (!operator) throw new UsageError(`No operator has the email ${email}.`);
  return operator.id;
}

async function run(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      role: { type: "string" },
      password: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  const [command, email, extra] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const db = await getDb();
  switch (command) {
    case "list": {
      const rows = await listOperators(db);
      if (rows.length === 0) console.log("No operators yet.");
      for (const operator of rows) {
        console.log(
          [
            operator.email,
            operator.role,
            operator.disabledAt ? "disabled" : "active",
            operator.name,
            operator.identityIssuer ? "identity provider" : "password",
          ].join("\t"),
        );
      }
      return;
    }
    case "create": {
      assertPasswordSignIn(command);
      if (!email) throw new UsageError("create needs an email.");
      const password = values.password ?? generatePassword();
      const input = parse(createOperatorSchema, { email, name: values.name ?? "", role: values.role ?? "", password });
      const created = await audited("operator.create", { email: input.email, name: input.name, role: input.role }, () =>
        createOperator(db, input),
      );
      console.log(`Created ${created.email} (${created.role}).`);
      if (!values.password) console.log(`Password (shown once): ${password}`);
      return;
    }
    case "set-role": {
      if (!email || !extra) throw new UsageError("set-role needs an email and a role.");
      const id = await operatorId(email);
      const role = parse(roleSchema, extra);
      const updated = await audited("operator.update", { operatorId: id, change: "role", role }, () =>
        setOperatorRole(db, id, role),
      );
      console.log(`${updated.email} is now ${updated.role}.`);
      return;
    }
    case "disable":
    case "enable": {
      if (!email) throw new UsageError(`${command} needs an email.`);
      const id = await operatorId(email);
      const updated = await audited("operator.update", { operatorId: id, change: command }, () =>
        command === "disable" ? disableOperator(db, id) : enableOperator(db, id),
      );
      console.log(`${updated.email} is ${updated.disabledAt ? "disabled: their sessions have ended" : "active"}.`);
      return;
    }
    case "reset-password": {
      assertPasswordSignIn(command);
      if (!email) throw new UsageError("reset-password needs an email.");
      const password = parse(passwordSchema, values.password ?? generatePassword());
      const id = await operatorId(email);
      const updated = await audited("operator.update", { operatorId: id, change: "password" }, () =>
        resetOperatorPassword(db, id, password),
      );
      console.log(`The password of ${updated.email} was reset; their sessions have ended.`);
      if (!values.password) console.log(`New password (shown once): ${password}`);
      return;
    }
    default:
      throw new UsageError(`Unknown command "${command}".`);
  }
}

try {
  await run(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else if ([OperatorError, DatabaseBusyError, EnvError, AuditUnavailableError].some((known) => error instanceof known))
    console.error((error as Error).message);
  else throw error;
  process.exitCode = 1;
} finally {
  await closeDb();
}
