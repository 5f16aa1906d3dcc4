"use server";

import { AuthError } from "next-auth";
import { unstable_rethrow } from "next/navigation";
import { signIn, signOut } from "@/lib/auth/auth";
import { OIDC_PROVIDER_ID } from "@/lib/auth/identity-provider-sign-in";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { identityProviderSignInSchema, signInSchema, type SignInInput } from "@/lib/schemas/operator";
import { sameOriginPath } from "@/lib/security/same-origin-path";
import type { ActionResult } from "./result";

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

/**
 * Off to the identity provider (discovery, authorization code with PKCE, state and nonce, as
 * Auth.js does them); back at /api/auth/callback/oidc, where the sign-in callback decides. Made for
 * the sign-in form's `useActionState`, yet any client may call it with anything: what is not the
 * form is invalid input, and a provider that cannot be reached is a message, not a 500.
 */
export async function signInWithIdentityProviderAction(
  _previous: unknown,
  form: unknown,
): Promise<ActionResult<null> | undefined> {
  if (!(form instanceof FormData))
    return {
      ok: false,
      message: "The sign-in request could not be read: use the sign-in form.",
      code: "INVALID_INPUT",
    };
  const parsed = identityProviderSignInSchema.safeParse({ callbackUrl: form.get("callbackUrl") });
  // Any origin will do: only whether the path leaves the console matters. A bad one returns to the start.
  const redirectTo = sameOriginPath(parsed.success ? parsed.data.callbackUrl : "/", "http://console.invalid");
  try {
    await signIn(OIDC_PROVIDER_ID, { redirectTo });
  } catch (error) {
    // Leaving for the provider is a redirect, thrown.
    unstable_rethrow(error);
    log().error({ err: error, action: "auth.sign_in" }, "the identity provider's sign-in could not start");
    const name = getEnv().sso.oidc?.name ?? "the identity provider";
    return { ok: false, message: `Signing in with ${name} could not start: try again in a moment.`, code: "INTERNAL" };
  }
  return undefined;
}

/** Auth.js's sign-out event revokes the session and records it, as for its own sign-out route. */
export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/login?reason=signed-out-by-you" });
}
