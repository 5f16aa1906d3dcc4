import type { OidcConfig } from "@/lib/env-sso";
import { SSO_REFUSALS, type SsoRefusal } from "./identity-provider-sign-in";

const isRefusal = (value: string): value is SsoRefusal => (SSO_REFUSALS as readonly string[]).includes(value);

/**
 * What the sign-in page says for `?error=`: the console's refusals of an identity provider's
 * person (lib/auth/identity-provider-sign-in.ts), or an error type of Auth.js. The value itself is
 * never shown: anyone can write a link with any text in it.
 */
export function signInErrorMessage(error: string, oidc: Pick<OidcConfig, "name" | "rolesClaim"> | undefined): string {
  const provider = oidc?.name ?? "the identity provider";
  if (!isRefusal(error)) {
    return `Signing in did not work. Try again; if it keeps failing, tell an administrator (the console's log says why).`;
  }
  switch (error) {
    case "NO_ROLE":
      return `Your ${provider} account has no role in the console: no group in its "${oidc?.rolesClaim ?? "groups"}" claim is mapped to a console role. Ask an administrator to add you to a group that has one.`;
    case "DISABLED":
      return "Your operator account is disabled in this console. Ask an admin of the console to enable it.";
    case "NO_EMAIL":
      return `${provider} did not send your email address (the "email" claim), which the console needs to create your operator account. Ask an administrator.`;
    case "EMAIL_TAKEN":
      return `An operator who signs in with a password already has your email address; the console does not join the two accounts. Sign in with your password, or ask an admin.`;
  }
}
