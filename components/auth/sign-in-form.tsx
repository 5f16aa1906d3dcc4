"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { ActionFailure } from "@/components/ui/action-failure";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { fieldBinding } from "@/components/ui/field-binding";
import { signInAction } from "@/lib/auth/actions/sign-in";
import { placeFieldErrors } from "@/lib/actions/field-errors";
import { useServerAction } from "@/lib/actions/use-server-action";
import { signInSchema, type SignInInput } from "@/lib/auth/schemas";
import { sameOriginPath } from "@/lib/security/same-origin-path";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const signIn = useServerAction(signInAction, {
    unanswered: "The console's server did not answer. Check the connection and sign in again.",
  });
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });

  // The first thing anyone does here is type their email.
  useEffect(() => form.setFocus("email"), [form]);

  const submit = form.handleSubmit(async (values) => {
    await signIn.run(values, (result) => {
      if (result.ok) {
        // Checked again here, against the page's real origin, whatever the server passed on.
        router.replace(sameOriginPath(callbackUrl, window.location.origin));
        router.refresh();
        return;
      }
      placeFieldErrors(result.fieldErrors, ["email", "password"], form.setError);
      form.resetField("password");
    });
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-describedby={signIn.failure ? "sign-in-error" : undefined}
    >
      {signIn.failure && (
        <div id="sign-in-error">
          <ActionFailure failure={signIn.failure} shownFields={["email", "password"]} />
        </div>
      )}
      <TextField id="email" label="Email" type="email" autoComplete="username" {...fieldBinding(form, "email")} />
      <TextField
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        {...fieldBinding(form, "password")}
      />
      <Button type="submit" busy={signIn.pending} className="w-full">
        Sign in
      </Button>
    </form>
  );
}
