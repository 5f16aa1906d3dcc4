import { randomUUID } from "node:crypto";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { appendAuditEvent } from "@/lib/audit/append";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { requestInfoOf } from "@/lib/request-info";
import { signInSchema } from "@/lib/schemas/operator";
import { findOperatorByEmail } from "./operators";
import { verifyPassword } from "./passwords";
import { isSignInLocked, recordSignInAttempt } from "./sign-in-limiter";

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
  }
}

/** Sign-in refused because of too many failures for the email; the code reaches the sign-in form. */
export class SignInLockedError extends CredentialsSignin {
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

export const { handlers, auth, signIn, signOut } = NextAuth(() => {
  const env = getEnv();
  return {
    secret: env.authSecret,
    // The console is self-hosted, behind whatever host name its operators give it.
    trustHost: true,
    session: { strategy: "jwt", maxAge: env.sessionMaxAgeSeconds },
    jwt: { maxAge: env.sessionMaxAgeSeconds },
    pages: { signIn: "/login" },
    logger: {
      // Failed sign-ins are expected and in the action log; a cookie that cannot be read (forged,
      // or signed with another AUTH_SECRET) is worth a line, not a stack trace.
      error(error) {
        const type = (error as { type?: string }).type ?? error.name;
        if (type === "CredentialsSignin") return;
        if (type === "JWTSessionError")
          console.warn("[auth] a session cookie could not be read; it is treated as signed out");
        else console.error("[auth]", error);
      },
    },
    providers: [
      Credentials({
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, request) {
          const parsed = signInSchema.safeParse(credentials);
          if (!parsed.success) return null;
          const { email, password } = parsed.data;
          const db = await getDb();
          const { ip } = requestInfoOf(request.headers);
          if (await isSignInLocked(db, email, env.signInLimit)) {
            await recordSignInAttempt(db, { email, succeeded: false, ip });
            await recordSignIn(request, email, undefined, "LOCKED");
            throw new SignInLockedError();
          }
          const operator = await findOperatorByEmail(db, email);
          const valid = await verifyPassword(operator?.passwordHash, password);
          const succeeded = Boolean(operator && valid && !operator.disabledAt);
          await recordSignInAttempt(db, { email, succeeded, ip });
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
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user?.id) {
          token.operatorId = user.id;
          token.sessionVersion = user.sessionVersion;
          token.sessionId = randomUUID();
        }
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
