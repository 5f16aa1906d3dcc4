"use server";

import { unstable_rethrow } from "next/navigation";
import type { ActionResult } from "@/lib/actions/result";
import { signIn } from "@/lib/auth/auth";
import { OIDC_PROVIDER_ID } from "@/lib/auth/identity-provider-sign-in";
import { identityProviderSignInSchema } from "@/lib/auth/schemas";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { sameOriginPath } from "@/lib/security/same-origin-path";

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
