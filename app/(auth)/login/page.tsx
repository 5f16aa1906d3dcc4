import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { Alert } from "@/components/ui/alert";
import { getCurrentOperator } from "@/lib/auth/session";
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

  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-semibold tracking-tight">Moderator Console</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">Sign in with your operator account.</p>
        {reason && (
          <div className="mb-4">
            <Alert tone="info">{reason}</Alert>
          </div>
        )}
        <SignInForm callbackUrl={callbackUrl} />
      </div>
    </main>
  );
}
