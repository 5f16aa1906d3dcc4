import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, databaseKinds, startConsole, type ConsoleServer } from "../support/console-server";
import { callActionOver, exportedEntries, signIn, type Session } from "../support/console-session";

/**
 * Notes on a person over real HTTP against built consoles: on PGlite one process, on PostgreSQL two
 * processes on one database. A support operator and a moderator add notes on one UID at the same moment,
 * each through their own process, and every note is kept; an auditor's forged call is refused and logged;
 * each change is in the log with the text before and after; another's note is changed by an admin only.
 */

const ADMIN = { email: "admin@notes.test", password: "notes-admin-password-1" };
const SUPPORT = { email: "support@notes.test", password: "notes-support-password-1" };
const MODERATOR = { email: "moderator@notes.test", password: "notes-moderator-password-1" };
const AUDITOR = { email: "auditor@notes.test", password: "notes-auditor-password-1" };
// Shared by both processes, so that a session made by one is accepted by the other.
const AUTH_SECRET = "notes-test-auth-secret-0123456789abcdef";
const UID = "cometchat-uid-3";
const EACH = 10;

type Added = { noteId: string };
type Result<T> = Awaited<ReturnType<typeof callActionOver<T>>>;

const dataOf = <T>(result: Result<T>): T => {
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result.data;
};

describe.each(await databaseKinds())("notes on a user, on %s", (kind) => {
  const servers: ConsoleServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  let admin: Session;
  let support: Session;
  let moderator: Session;
  let auditor: Session;
  // The process each operator works through: on PostgreSQL, support and the moderator use different ones.
  const serverOf = (session: Session) => (session === moderator ? servers.at(-1)! : servers[0]!);
  const call = <T>(session: Session, name: string, input: unknown) =>
    callActionOver<T>(serverOf(session), session, name, input);

  beforeAll(async () => {
    const database = kind === "postgres" ? await createPostgresDatabase() : undefined;
    drop = database?.drop;
    const env = {
      AUTH_SECRET,
      CONSOLE_ADMIN_EMAIL: ADMIN.email,
      CONSOLE_ADMIN_PASSWORD: ADMIN.password,
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    for (let index = 0; index < (kind === "postgres" ? 2 : 1); index += 1)
      servers.push(await startConsole({ database: kind, env }));
    const first = servers[0]!;
    admin = await signIn(first, ADMIN);
    for (const [operator, role] of [
      [SUPPORT, "support"],
      [MODERATOR, "moderator"],
      [AUDITOR, "auditor"],
    ] as const) {
      const created = await callActionOver(
        first,
        admin,
        "createOperatorAction",
        { ...operator, name: `${role} of the notes test`, role },
        "/operators",
      );
      expect(created.ok).toBe(true);
    }
    support = await signIn(first, SUPPORT);
    moderator = await signIn(servers.at(-1)!, MODERATOR);
    auditor = await signIn(first, AUDITOR);
  });

  afterAll(async () => {
    for (const server of [...servers].reverse()) await server.stop();
    await drop?.();
  });

  it("keeps every note two operators add on one UID at the same moment", async () => {
    const texts = (who: string) => Array.from({ length: EACH }, (_, i) => `${who} note ${i}`);
    const results = await Promise.all([
      ...texts("support").map((text) => call<Added>(support, "addNoteAction", { uid: UID, text })),
      ...texts("moderator").map((text) => call<Added>(moderator, "addNoteAction", { uid: UID, text })),
    ]);
    expect(results.filter((result) => !result.ok)).toEqual([]);
    const added = (await exportedEntries(servers[0]!, admin, { uid: UID, action: "user.note.add" })).filter(
      (entry) => entry.outcome === "succeeded",
    );
    expect(
      added.map((entry) => (entry.summary as { changeSet: { text: { new: string } } }).changeSet.text.new).sort(),
    ).toEqual([...texts("support"), ...texts("moderator")].sort());
    const page = await fetch(`${servers[0]!.baseUrl}/users/${UID}`, { headers: { Cookie: auditor.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`${EACH * 2} notes`);
    expect(html).toContain("moderator note 9");
  });

  it("refuses an auditor's forged note, and the log records the attempt", async () => {
    const forged = await call(auditor, "addNoteAction", { uid: UID, text: "written by an auditor" });
    expect(forged).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(forged.ok ? "" : forged.message).toBe("Your role (Auditor) does not allow you to write notes on a user.");
    for (const name of ["editNoteAction", "deleteNoteAction"]) {
      const answer = await call(auditor, name, { uid: UID, noteId: crypto.randomUUID(), text: "x" });
      expect(answer).toMatchObject({ ok: false, code: "FORBIDDEN" });
    }
    const refused = await exportedEntries(servers[0]!, admin, { uid: UID, action: "user.note.add", outcome: "failed" });
    expect(refused).toEqual([
      expect.objectContaining({ actorEmail: AUDITOR.email, errorCode: "FORBIDDEN", targetUid: UID }),
    ]);
  });

  it("logs each edit and deletion with the text before and after; another's note is an admin's to change", async () => {
    const { noteId } = dataOf(await call<Added>(support, "addNoteAction", { uid: UID, text: "First words" }));
    dataOf(await call(support, "editNoteAction", { uid: UID, noteId, text: "Second words" }));

    const refused = await call(moderator, "editNoteAction", { uid: UID, noteId, text: "A moderator's words" });
    expect(refused).toMatchObject({ ok: false, code: "REFUSED" });
    expect(refused.ok ? "" : refused.message).toBe(
      `Only its author (${SUPPORT.email}) or an admin may edit this note.`,
    );
    expect(await call(moderator, "deleteNoteAction", { uid: UID, noteId })).toMatchObject({
      ok: false,
      code: "REFUSED",
    });
    // The note is on this UID only: named under another, it is not found.
    expect(await call(support, "deleteNoteAction", { uid: "cometchat-uid-4", noteId })).toMatchObject({
      ok: false,
      code: "REFUSED",
    });

    dataOf(await call(admin, "editNoteAction", { uid: UID, noteId, text: "Third words" }));
    dataOf(await call(admin, "deleteNoteAction", { uid: UID, noteId }));
    expect(await call(support, "editNoteAction", { uid: UID, noteId, text: "Too late" })).toMatchObject({
      ok: false,
      code: "REFUSED",
      message: expect.stringMatching(/no longer there/),
    });

    const completions = async (action: string) =>
      (await exportedEntries(servers[0]!, admin, { uid: UID, action }))
        .filter((entry) => (entry.summary as { noteId?: string } | null)?.noteId === noteId)
        .filter((entry) => entry.outcome === "succeeded")
        .map((entry) => ({ actor: entry.actorEmail, ...(entry.summary as object) }));
    expect(await completions("user.note.add")).toEqual([
      { actor: SUPPORT.email, noteId, changeSet: { text: { old: null, new: "First words" } } },
    ]);
    const author = { id: expect.any(String), email: SUPPORT.email };
    expect(await completions("user.note.edit")).toEqual([
      { actor: ADMIN.email, noteId, author, changeSet: { text: { old: "Second words", new: "Third words" } } },
      { actor: SUPPORT.email, noteId, author, changeSet: { text: { old: "First words", new: "Second words" } } },
    ]);
    expect(await completions("user.note.delete")).toEqual([
      { actor: ADMIN.email, noteId, author, changeSet: { text: { old: "Third words", new: null } } },
    ]);
  });

  it("answers bad text at the field, and keeps notes on a UID the chat service does not know", async () => {
    const cases: Array<[string, RegExp]> = [
      ["   ", /cannot be empty/],
      ["x".repeat(2001), /at most 2,000 characters; this one has 2,001/],
      ["before\u0000after", /NUL character/],
      ["broken \ud800 half", /half of a surrogate pair/],
    ];
    for (const [text, message] of cases) {
      const answer = await call(support, "addNoteAction", { uid: UID, text });
      expect(answer).toMatchObject({ ok: false, code: "INVALID_INPUT" });
      expect(answer.ok ? [] : answer.fieldErrors?.text, JSON.stringify(text.slice(0, 20))).toEqual([
        expect.stringMatching(message),
      ]);
    }
    // Two thousand characters as a person counts them: emoji included.
    expect(await call(support, "addNoteAction", { uid: UID, text: "🚫".repeat(2000) })).toMatchObject({ ok: true });

    const gone = "deleted-account-7";
    expect(await call(support, "addNoteAction", { uid: gone, text: "Asked us to delete the account" })).toMatchObject({
      ok: true,
    });
    const page = await fetch(`${servers[0]!.baseUrl}/users/${gone}`, { headers: { Cookie: support.cookie } });
    const html = await page.text();
    expect(html).toContain(`No user with UID ${gone}`);
    expect(html).toContain("Asked us to delete the account");
  });
});
