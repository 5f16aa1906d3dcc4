"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { UID_RULE } from "@/lib/validation/uid-rule";

/** The action's schema, loaded as the form is first used (useSchemaForm). */
const loadLookUpUserSchema = () => import("@/lib/users/schemas").then((schemas) => schemas.lookUpUserSchema);

/** Look a chat user up by UID: a malformed UID is refused here with what a UID may contain. */
export function LookUpForm({ defaultUid = "" }: { defaultUid?: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const form = useSchemaForm({ schema: loadLookUpUserSchema, defaultValues: { uid: defaultUid } });

  const submit = form.handleSubmit(({ uid }) => {
    startTransition(() => router.push(`/users/${encodeURIComponent(uid)}`));
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      role="search"
      aria-label="Look up a user"
      className="flex flex-wrap items-start gap-3"
    >
      <div className="w-full max-w-md">
        <TextField id="uid" label="UID" hint={UID_RULE} autoComplete="off" spellCheck={false} {...form.field("uid")} />
      </div>
      <Button type="submit" disabled={pending} aria-busy={pending} className="mt-[3.25rem]">
        Look up
      </Button>
    </form>
  );
}
