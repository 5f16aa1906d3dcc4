"use server";

import { AuthError } from "next-auth";
import { signIn, signOut } from "@/lib/auth/auth";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { signInSchema, type SignInInput } from "@/lib/schemas/operator";
import type { ActionResult } from "./result";

/**
 * Sign-in is the one action without a session to check. Its failures say nothing about whether
 * the email belongs to an operator.
 */
export async function signInAction(input: SignInInput): Promise<ActionResult<null>> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
    return { ok: false, message: "Some fields need attention.", fieldErrors, code: "INVALID_INPUT" };
  }
  try {
    await signIn("credentials", { ...parsed.data, redirect: false });
    return { ok: true, data: null };
  } catch (error) {
    if (error instanceof AuthError && error.type === "CredentialsSignin") {
      if ((error as AuthError & { code?: string }).code === "locked") {
        const { windowMinutes } = getEnv().signInLimit;
        return {
          ok: false,
          message: `Too many failed sign-ins for this email. Try again later (in up to ${windowMinutes} minutes).`,
          code: "LOCKED",
        };
      }
      return {
        ok: false,
        message: "That email and password do not match an active operator.",
        code: "INVALID_CREDENTIALS",
      };
    }
    log().error({ err: error, action: "auth.sign_in" }, "signing in failed in the console");
    return { ok: false, message: "Signing in failed on the server. Try again in a moment.", code: "INTERNAL" };
  }
}

/** Auth.js's sign-out event revokes the session and records it, as for its own sign-out route. */
export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/login?reason=signed-out-by-you" });
}
