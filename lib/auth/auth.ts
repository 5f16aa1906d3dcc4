import { randomUUID } from "node:crypto";
import NextAuth, { CredentialsSignin } from "next-auth";
import { encode } from "next-auth/jwt";
import Credentials from "next-auth/providers/credentials";
import { headers } from "next/headers";
import { appendAuditEvent } from "@/lib/audit/append";
import type { JWT } from "next-auth/jwt";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { requestInfoOf } from "@/lib/request-info";
import { signInSchema } from "@/lib/auth/schemas";
import { sameOriginPath } from "@/lib/security/same-origin-path";
import { OIDC_PROVIDER_ID, signInWithIdentityProvider } from "./identity-provider-sign-in";
import { findOperatorByEmail, findOperatorById } from "./operators";
import { verifyPassword } from "./passwords";
import { isSessionRevoked, revokeSession } from "./revocation";
import { log } from "@/lib/log";
import {
  nowSeconds,
  revocationKeptUntil,
  sessionEndFor,
  sessionHasEnded,
  tokenMaxAgeSeconds,
} from "./session-lifetime";
import { markSignInSucceeded, reserveSignInAttempt } from "./sign-in-limiter";

declare module "next-auth" {
  interface User {
    sessionVersion?: number;
  }
  interface Session {
    operatorId?: string;
    sessionVersion?: number;
    sessionId?: string;
  }
}

declare module "@auth/core/jwt" {
  interface JWT {
    operatorId?: string;
    sessionVersion?: number;
    sessionId?: string;
    /** Unix seconds: fixed at sign-in, the latest the session can be used. */
    sessionEndsAt?: number;
  }
}

/** Sign-in refused because of too many failures for the email; the code reaches the sign-in form. */
class SignInLockedError extends CredentialsSignin {
  code = "locked";
}

/** Every sign-in, good or bad, is in the action log; a log that cannot be written refuses the sign-in. */
async function recordSignIn(
  request: Request,
  email: string,
  operator: { id: string; role: string } | undefined,
  failure?: "LOCKED" | "INVALID_CREDENTIALS" | "DISABLED",
) {
  await appendAuditEvent({
    operationId: randomUUID(),
    actor: { id: operator?.id ?? null, email, role: failure ? null : (operator?.role ?? null) },
    action: failure ? "auth.sign_in_failed" : "auth.sign_in",
    outcome: failure ? "failed" : "succeeded",
    errorCode: failure ?? null,
    ...requestInfoOf(request.headers),
  });
}

/**
 * Signing out, by the console's button or Auth.js's own route, revokes the session for as long as
 * its cookie could be presented, and is recorded.
 */
async function endSession(token: JWT | null | undefined, maxAgeSeconds: number) {
  if (!token?.sessionId) return;
  const db = await getDb();
  await revokeSession(db, token.sessionId, revocationKeptUntil(token.sessionEndsAt, maxAgeSeconds));
  const operator = token.operatorId ? await findOperatorById(db, token.operatorId) : undefined;
  if (!operator) return;
  await appendAuditEvent({
    operationId: randomUUID(),
    actor: { id: operator.id, email: operator.email, role: operator.role },
    action: "auth.sign_out",
    outcome: "succeeded",
    ...requestInfoOf(await headers()),
  });
}

/** Sign-in with an email and password, limited per email and address (lib/auth/sign-in-limiter.ts). */
function credentialsProvider(signInLimit: ReturnType<typeof getEnv>["signInLimit"]) {
  return Credentials({
    credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
    async authorize(credentials, request) {
      const parsed = signInSchema.safeParse(credentials);
      if (!parsed.success) return null;
      const { email, password } = parsed.data;
      const db = await getDb();
      const { ip } = requestInfoOf(request.headers);
      const attempt = await reserveSignInAttempt(db, { email, ip }, signInLimit);
      if (attempt === "locked") {
        await recordSignIn(request, email, undefined, "LOCKED");
        throw new SignInLockedError();
      }
      const operator = await findOperatorByEmail(db, email);
      const valid = await verifyPassword(operator?.passwordHash, password);
      const succeeded = Boolean(operator && valid && !operator.disabledAt);
      if (succeeded) await markSignInSucceeded(db, attempt.attemptId);
      const failure = !operator || !valid ? "INVALID_CREDENTIALS" : operator.disabledAt ? "DISABLED" : undefined;
      await recordSignIn(request, email, operator, failure);
      if (!operator || !succeeded) return null;
      return {
        id: operator.id,
        email: operator.email,
        name: operator.name,
        sessionVersion: operator.sessionVersion,
      };
    },
  });
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => {
  const env = getEnv();
  const { oidc, passwordSignIn } = env.sso;
  return {
    secret: env.authSecret,
    // The console is self-hosted, behind whatever host name its operators give it.
    trustHost: true,
    session: { strategy: "jwt", maxAge: env.sessionMaxAgeSeconds },
    jwt: {
      maxAge: env.sessionMaxAgeSeconds,
      // Auth.js re-signs the token on every session read; its expiry stays the session's end.
      encode: (params) => encode({ ...params, maxAge: tokenMaxAgeSeconds(params.token?.sessionEndsAt) }),
    },
    // Refusals and errors of the identity provider's flow are told on the sign-in page too.
    pages: { signIn: "/login", error: "/login" },
    logger: {
      // Failed sign-ins are expected and in the action log; a cookie that cannot be read (forged,
      // or signed with another AUTH_SECRET) is worth a line, not a stack trace.
      error(error) {
        const type = (error as { type?: string }).type ?? error.name;
        if (type === "CredentialsSignin") return;
        if (type === "JWTSessionError")
          log().warn({ component: "auth" }, "a session cookie could not be read; it is treated as signed out");
        else {
          // Auth.js wraps what failed (a database that refused the sign-in's log entry, say) as
          // `cause.err`, which the log's error serializer does not follow: the cause is logged itself.
          const cause = (error as { cause?: { err?: unknown } }).cause?.err;
          let root = cause;
          while (root instanceof Error && root.cause instanceof Error) root = root.cause;
          log().error(
            { component: "auth", err: cause instanceof Error ? cause : error, authError: type },
            root instanceof Error
              ? `Auth.js reported ${type}, caused by: ${root.message}`
              : "Auth.js reported an error",
          );
        }
      },
    },
    providers: [
      ...(oidc
        ? [
            {
              id: OIDC_PROVIDER_ID,
              name: oidc.name,
              type: "oidc" as const,
              issuer: oidc.issuer,
              clientId: oidc.clientId,
              clientSecret: oidc.clientSecret,
              checks: ["pkce" as const, "state" as const, "nonce" as const],
            },
          ]
        : []),
      // With password sign-in off there is no credentials provider at all: a forged POST finds nothing.
      ...(passwordSignIn ? [credentialsProvider(env.signInLimit)] : []),
    ],
    events: {
      signOut: (message) => endSession("token" in message ? message.token : undefined, env.sessionMaxAgeSeconds),
    },
    callbacks: {
      redirect: ({ url, baseUrl }) => `${baseUrl}${sameOriginPath(url, baseUrl)}`,
      /** The identity provider's person becomes their operator here, or is refused with the reason. */
      async signIn({ user, account, profile }) {
        if (account?.provider !== OIDC_PROVIDER_ID || !oidc) return true;
        const claims = (profile ?? {}) as Record<string, unknown>;
        const result = await signInWithIdentityProvider(await getDb(), oidc, claims, requestInfoOf(await headers()));
        if (!result.ok) return `/login?error=${result.refusal}`;
        user.id = result.operator.id;
        user.sessionVersion = result.operator.sessionVersion;
        return true;
      },
      /** An ended or revoked session is never renewed: Auth.js clears its cookie instead. */
      async jwt({ token, user }) {
        if (user?.id) {
          token.operatorId = user.id;
          token.sessionVersion = user.sessionVersion;
          token.sessionId = randomUUID();
          token.sessionEndsAt = sessionEndFor(nowSeconds(), env.sessionMaxAgeSeconds);
          return token;
        }
        if (sessionHasEnded(token.sessionEndsAt) || !token.sessionId) return null;
        if (await isSessionRevoked(await getDb(), token.sessionId)) return null;
        return token;
      },
      session({ session, token }) {
        session.operatorId = token.operatorId;
        session.sessionVersion = token.sessionVersion;
        session.sessionId = token.sessionId;
        return session;
      },
    },
  };
});
