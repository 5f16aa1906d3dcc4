"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { lookUpUserSchema, type LookUpUserInput } from "@/lib/users/schemas";
import { UID_RULE } from "@/lib/validation/uid";

/** Look a chat user up by UID: a malformed UID is refused here with what a UID may contain. */
export function LookUpForm({ defaultUid = "" }: { defaultUid?: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const form = useForm<LookUpUserInput, unknown, { uid: string }>({
    resolver: zodResolver(lookUpUserSchema),
    defaultValues: { uid: defaultUid },
  });

  const submit = form.handleSubmit(({ uid }) => {
    startTransition(() => router.push(`/users/${encodeURIComponent(uid)}`));
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      role="search"
      aria-label="Look up a user"
      className="flex flex-wrap items-start gap-3"
    >
      <div className="w-full max-w-md">
        <TextField
          id="uid"
          label="UID"
          hint={UID_RULE}
          autoComplete="off"
          spellCheck={false}
          error={form.formState.errors.uid?.message}
          {...form.register("uid")}
        />
      </div>
      <Button type="submit" disabled={pending} aria-busy={pending} className="mt-[3.25rem]">
        Look up
      </Button>
    </form>
  );
}
