import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startConsole, type ConsoleServer } from "../support/console-server";
import { signIn, type Session } from "../support/console-session";

const ADMIN = { email: "admin@example.com", password: "admin-password-123" };

/** Every server action of the build, as a forger finds them: by id, from the pages' scripts. */
function actionsOfTheBuild(): Array<{ id: string; name: string }> {
  const manifest = JSON.parse(readFileSync(path.join(".next", "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { exportedName?: string }>;
  };
  return Object.entries(manifest.node).map(([id, action]) => ({ id, name: action.exportedName ?? id }));
}

/** Arguments no form sends: each action gets every one of them as its argument list. */
const HOSTILE_ARGUMENTS: Array<[string, unknown[]]> = [
  ["no argument", []],
  ["a string", ["<script>alert(1)</script>"]],
  ["a number", [42]],
  ["null", [null]],
  ["an array", [[1, "two", null]]],
  ["an object of the wrong shape", [{ uids: 7, blocker: { nested: true }, reason: ["x"], jobId: -1 }]],
  ["deep nesting", [JSON.parse(`${"[".repeat(500)}${"]".repeat(500)}`)]],
  ["too many arguments", [{}, {}, "three"]],
];

async function post(server: ConsoleServer, session: Session, id: string, body: string) {
  const response = await fetch(`${server.baseUrl}/incidents`, {
    method: "POST",
    headers: {
      "Next-Action": id,
      "Content-Type": "text/plain;charset=UTF-8",
      Accept: "text/x-component",
      Cookie: session.cookie,
    },
    body,
    redirect: "manual",
  });
  const text = await response.text();
  const line = text.split("\n").find((row) => /^1:/.test(row));
  // "1:E{digest}" is an error the action threw: Next masks it, and it is a 500.
  const result = line && !line.startsWith("1:E") ? (JSON.parse(line.slice(2)) as Record<string, unknown>) : undefined;
  return { status: line?.startsWith("1:E") ? 500 : response.status, result };
}

describe("server actions called with arguments no form sends", () => {
  let server: ConsoleServer;
  let admin: Session;

  beforeAll(async () => {
    server = await startConsole({
      env: { CONSOLE_ADMIN_EMAIL: ADMIN.email, CONSOLE_ADMIN_PASSWORD: ADMIN.password },
    });
    admin = await signIn(server, ADMIN);
  });
  afterAll(async () => server?.stop());

  // Signing out takes no argument, and ignores any: it is called last, and only must not fail.
  const actions = actionsOfTheBuild().sort(
    (a, b) => Number(a.name === "signOutAction") - Number(b.name === "signOutAction"),
  );

  it("finds the actions of the build", () => {
    expect(actions.map((action) => action.name)).toEqual(
      expect.arrayContaining(["blockUsersAction", "signInWithIdentityProviderAction", "signOutAction"]),
    );
  });

  it.each(actions.map((action) => [action.name, action.id]))(
    "%s answers each as invalid input, never with a 5xx",
    async (name, id) => {
      for (const [kind, args] of HOSTILE_ARGUMENTS) {
        const { status, result } = await post(server, admin, id, JSON.stringify(args));
        expect(status, `${name} with ${kind}`).toBeLessThan(500);
        if (name === "signOutAction") continue;
        expect(result, `${name} with ${kind}`).toMatchObject({ ok: false, code: "INVALID_INPUT" });
        expect(String(result?.message), `${name} with ${kind}`).not.toMatch(/TypeError|undefined is not|Cannot read/);
      }
      const { status } = await post(server, admin, id, "this is not JSON");
      expect(status, `${name} with a body that is not JSON`).toBeLessThan(500);
    },
  );
});
