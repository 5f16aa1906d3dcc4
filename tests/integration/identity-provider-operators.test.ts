import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithIdentityProvider } from "../../lib/auth/identity-provider-sign-in";
import { findOperatorByEmail, resetOperatorPassword, setOperatorRole } from "../../lib/auth/operators";
import type { Database } from "../../lib/db/client";
import { auditEvents, operators } from "../../lib/db/schema";
import type { OidcConfig } from "../../lib/env-sso";
import type { Role } from "../../lib/roles";
import { databaseKinds } from "../support/console-server";
import { openTestDatabase } from "../support/database";

const CONFIG: OidcConfig = {
  issuer: "https://login.corp.test",
  clientId: "moderator-console",
  clientSecret: "secret",
  name: "Corp SSO",
  rolesClaim: "roles",
  roleMap: new Map<string, Role>([
    ["mods", "moderator"],
    ["admins", "admin"],
  ]),
};
const REQUEST = { requestId: "test-request", ip: "127.0.0.1", userAgent: "vitest" };

const claimsOf = (sub: string, email: string, roles: string[] | string) => ({ sub, email, name: sub, roles });

describe.each(await databaseKinds())("operators from the identity provider on %s", (kind) => {
  let db: Database;
  let close: () => Promise<void>;
  const entriesOf = (email: string) =>
    db
      .select({ action: auditEvents.action, errorCode: auditEvents.errorCode, summary: auditEvents.summary })
      .from(auditEvents)
      .where(eq(auditEvents.actorEmail, email))
      .orderBy(asc(auditEvents.seq));

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase(kind));
  });
  afterAll(async () => close?.());

  it("creates one operator when two first sign-ins of a person arrive at once", async () => {
    const claims = claimsOf("twin", "twin@corp.test", ["mods"]);
    const results = await Promise.all([
      signInWithIdentityProvider(db, CONFIG, claims, REQUEST),
      signInWithIdentityProvider(db, CONFIG, claims, REQUEST),
    ]);
    expect(results.map((result) => result.ok)).toEqual([true, true]);
    const ids = results.map((result) => (result.ok ? result.operator.id : ""));
    expect(ids[0]).toBe(ids[1]);
    const rows = await db.select().from(operators).where(eq(operators.identitySubject, "twin"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: "moderator", passwordHash: null, identityIssuer: CONFIG.issuer });
    const actions = (await entriesOf("twin@corp.test")).map((entry) => entry.action);
    expect(actions.filter((action) => action === "operator.create")).toHaveLength(1);
    expect(actions.filter((action) => action === "auth.sign_in")).toHaveLength(2);
  });

  it("takes a lone string as the claim, and keeps the groups it was given in the log", async () => {
    const result = await signInWithIdentityProvider(db, CONFIG, claimsOf("solo", "solo@corp.test", "admins"), REQUEST);
    expect(result.ok && result.operator.role).toBe("admin");
    const [create] = await entriesOf("solo@corp.test");
    expect(create).toMatchObject({
      action: "operator.create",
      summary: {
        via: "Corp SSO",
        claim: "roles",
        groups: ["admins"],
        changeSet: { role: { old: null, new: "admin" } },
      },
    });
  });

  it("lets the provider demote even the last active admin: it names who the admins are", async () => {
    await db.execute(sql`update operators set disabled_at = now() where email <> 'solo@corp.test' and role = 'admin'`);
    const result = await signInWithIdentityProvider(db, CONFIG, claimsOf("solo", "solo@corp.test", ["mods"]), REQUEST);
    expect(result.ok && result.operator.role).toBe("moderator");
    const entries = await entriesOf("solo@corp.test");
    expect(entries.at(-2)).toMatchObject({
      action: "operator.update",
      summary: { changeSet: { role: { old: "admin", new: "moderator" } } },
    });
  });

  it("refuses, in the console, a password reset or a role change of an operator from the provider", async () => {
    const operator = await findOperatorByEmail(db, "solo@corp.test");
    await expect(setOperatorRole(db, operator!.id, "support")).rejects.toThrow(
      "solo@corp.test signs in with the identity provider, which sets their role at every sign-in",
    );
    await expect(resetOperatorPassword(db, operator!.id, "a-new-password-123")).rejects.toThrow("has no password here");
    expect((await findOperatorByEmail(db, "solo@corp.test"))?.passwordHash).toBeNull();
  });

  it("keeps an operator either a password one or the provider's: the database refuses both or neither", async () => {
    await expect(
      db.insert(operators).values({
        email: "both@corp.test",
        name: "Both",
        role: "support",
        passwordHash: "x",
        identityIssuer: CONFIG.issuer,
        identitySubject: "both",
      }),
    ).rejects.toThrow();
    await expect(
      db.insert(operators).values({ email: "neither@corp.test", name: "Neither", role: "support" }),
    ).rejects.toThrow();
  });

  it("refuses a person with no mapped role, and creates nothing", async () => {
    const result = await signInWithIdentityProvider(
      db,
      CONFIG,
      claimsOf("guest", "guest@corp.test", ["Mods", "everyone"]),
      REQUEST,
    );
    expect(result).toEqual({ ok: false, refusal: "NO_ROLE" });
    expect(await findOperatorByEmail(db, "guest@corp.test")).toBeUndefined();
    expect(await entriesOf("guest@corp.test")).toEqual([
      {
        action: "auth.sign_in_failed",
        errorCode: "NO_ROLE",
        summary: { via: "Corp SSO", claim: "roles", groups: ["Mods", "everyone"] },
      },
    ]);
  });
});
