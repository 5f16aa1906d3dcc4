import { describe, expect, it } from "vitest";
import { signInErrorMessage } from "./sign-in-error-message";

const OIDC = { name: "Corp SSO", rolesClaim: "roles" };

describe("the sign-in page's message for ?error=", () => {
  it("says why the identity provider's person was refused, naming the provider and the claim", () => {
    expect(signInErrorMessage("NO_ROLE", OIDC)).toMatch(
      /^Your Corp SSO account has no role in the console: no group in its "roles" claim/,
    );
    expect(signInErrorMessage("DISABLED", OIDC)).toContain("disabled in this console");
    expect(signInErrorMessage("NO_EMAIL", OIDC)).toMatch(/^Corp SSO did not send your email address/);
    expect(signInErrorMessage("EMAIL_TAKEN", OIDC)).toContain("already has your email address");
  });

  it("never shows the value itself, which anyone can put in a link", () => {
    const message = signInErrorMessage("Call+0800+now+to+unlock", OIDC);
    expect(message).toMatch(/^Signing in did not work/);
    expect(message).not.toContain("0800");
    expect(signInErrorMessage("OAuthCallbackError", undefined)).toBe(message);
  });
});
