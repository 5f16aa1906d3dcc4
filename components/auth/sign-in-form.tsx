"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { ActionFailure } from "@/components/ui/action-failure";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { signInAction } from "@/lib/auth/actions/sign-in";
import { placeFieldErrors } from "@/lib/actions/field-errors";
import { useServerAction } from "@/lib/actions/use-server-action";
import { sameOriginPath } from "@/lib/security/same-origin-path";

/** The action's schema, loaded as the form is first used (useSchemaForm). */
const loadSignInSchema = () => import("@/lib/auth/schemas").then((schemas) => schemas.signInSchema);

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const signIn = useServerAction(signInAction, {
    unanswered: "The console's server did not answer. Check the connection and sign in again.",
  });
  const form = useSchemaForm({ schema: loadSignInSchema, defaultValues: { email: "", password: "" } });

  // The first thing anyone does here is type their email.
  useEffect(() => document.getElementById("email")?.focus(), []);

  const submit = form.handleSubmit(async (values) => {
    await signIn.run(values, (result) => {
      if (result.ok) {
        // Checked again here, against the page's real origin, whatever the server passed on.
        router.replace(sameOriginPath(callbackUrl, window.location.origin));
        router.refresh();
        return;
      }
      form.reset({ email: form.getValues().email });
      placeFieldErrors(result.fieldErrors, ["email", "password"], form.setError);
    });
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-4"
      aria-describedby={signIn.failure ? "sign-in-error" : undefined}
    >
      {signIn.failure && (
        <div id="sign-in-error">
          <ActionFailure failure={signIn.failure} shownFields={["email", "password"]} />
        </div>
      )}
      <TextField id="email" label="Email" type="email" autoComplete="username" {...form.field("email")} />
      <TextField
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        {...form.field("password")}
      />
      <Button type="submit" busy={signIn.pending} className="w-full">
        Sign in
      </Button>
    </form>
  );
}
