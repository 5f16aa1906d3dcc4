import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { IdentityProviderSignIn } from "@/components/auth/identity-provider-sign-in";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Alert } from "@/components/ui/alert";
import { getCurrentOperator } from "@/lib/auth/session";
import { signInErrorMessage } from "@/lib/auth/sign-in-error-message";
import { getEnv } from "@/lib/env";
import { sameOriginPath } from "@/lib/security/same-origin-path";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Record<string, string | string[] | undefined>;

const REASONS: Record<string, string> = {
  "signed-out": "Your session has ended. Sign in again to continue.",
  "signed-out-by-you": "You have signed out.",
};

/** Any origin will do on the server: only whether the callback leaves it matters. */
const RESOLVING_ORIGIN = "http://console.invalid";

export default async function LoginPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const callbackUrl = sameOriginPath(params.callbackUrl, RESOLVING_ORIGIN);
  if (await getCurrentOperator()) redirect(callbackUrl);
  const reason = typeof params.reason === "string" ? REASONS[params.reason] : undefined;
  const { oidc, passwordSignIn } = getEnv().sso;
  const error = typeof params.error === "string" ? signInErrorMessage(params.error, oidc) : undefined;

  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-semibold tracking-tight">Moderator Console</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">
          {passwordSignIn ? "Sign in with your operator account." : `Sign in with your ${oidc?.name} account.`}
        </p>
        {error && (
          <div className="mb-4">
            <Alert tone="error" title="You are not signed in">
              {error}
            </Alert>
          </div>
        )}
        {reason && (
          <div className="mb-4">
            <Alert tone="info">{reason}</Alert>
          </div>
        )}
        {oidc && <IdentityProviderSignIn name={oidc.name} callbackUrl={callbackUrl} />}
        {oidc && passwordSignIn && (
          <p className="my-6 flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
            or with a password
          </p>
        )}
        {passwordSignIn && <SignInForm callbackUrl={callbackUrl} />}
      </div>
    </main>
  );
}
