"use client";

import { useActionState } from "react";
import { useFormStatus } from "react-dom";
import { ActionFailure } from "@/components/ui/action-failure";
import { Button } from "@/components/ui/button";
import { signInWithIdentityProviderAction } from "@/lib/auth/actions/sign-in-with-identity-provider";

function SubmitButton({ name }: { name: string }) {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" busy={pending} className="w-full">
      Sign in with {name}
    </Button>
  );
}

/** The way in through the company's identity provider: the browser leaves for its sign-in page. */
export function IdentityProviderSignIn({ name, callbackUrl }: { name: string; callbackUrl: string }) {
  const [result, formAction] = useActionState(signInWithIdentityProviderAction, undefined);
  return (
    <form action={formAction} className="space-y-3">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <SubmitButton name={name} />
      {result && !result.ok && <ActionFailure failure={result} />}
    </form>
  );
}
