"use server";

import { AuthError } from "next-auth";
import type { ActionResult } from "@/lib/actions/result";
import { signIn } from "@/lib/auth/auth";
import { signInSchema, type SignInInput } from "@/lib/auth/schemas";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";

/**
 * Sign-in is the one action without a session to check. Its failures say nothing about whether
 * the email belongs to an operator.
 */
export async function signInAction(input: SignInInput): Promise<ActionResult<null>> {
  const { oidc, passwordSignIn } = getEnv().sso;
  if (!passwordSignIn) {
    return {
      ok: false,
      message: `Password sign-in is off in this console: sign in with ${oidc?.name ?? "the identity provider"}.`,
      code: "REFUSED",
    };
  }
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
