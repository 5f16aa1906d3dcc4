"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { signInAction } from "@/lib/actions/auth";
import { signInSchema, type SignInInput } from "@/lib/schemas/operator";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string>();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setMessage(undefined);
    startTransition(async () => {
      const result = await signInAction(values);
      if (result.ok) {
        router.replace(callbackUrl);
        router.refresh();
        return;
      }
      for (const [field, messages] of Object.entries(result.fieldErrors ?? {})) {
        if (field === "email" || field === "password") form.setError(field, { message: messages[0] });
      }
      setMessage(result.message);
      form.resetField("password");
    });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-describedby={message ? "sign-in-error" : undefined}>
      {message && (
        <div id="sign-in-error">
          <Alert tone="error">{message}</Alert>
        </div>
      )}
      <TextField
        id="email"
        label="Email"
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...form.register("email")}
      />
      <TextField
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <Button type="submit" disabled={pending} aria-busy={pending} className="w-full">
        Sign in
      </Button>
    </form>
  );
}
