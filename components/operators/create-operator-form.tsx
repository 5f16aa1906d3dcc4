"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { createOperatorAction } from "@/lib/actions/operators";
import { OPERATOR_ROLES, ROLE_LABELS } from "@/lib/auth/roles";
import { createOperatorSchema, MIN_PASSWORD_LENGTH, type CreateOperatorInput } from "@/lib/schemas/operator";

const FIELDS = ["email", "name", "role", "password"] as const;

const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export function CreateOperatorForm() {
  const [pending, startTransition] = useTransition();
  const [outcome, setOutcome] = useState<{ tone: "error" | "success"; text: string }>();
  const form = useForm<CreateOperatorInput>({
    resolver: zodResolver(createOperatorSchema),
    defaultValues: { email: "", name: "", role: "support", password: "" },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setOutcome(undefined);
    startTransition(async () => {
      const result = await createOperatorAction(values);
      if (result.ok) {
        setOutcome({
          tone: "success",
          text: `Created ${result.data.email} (${ROLE_LABELS[result.data.role]}). Give them their password in person.`,
        });
        form.reset();
        return;
      }
      for (const field of FIELDS) {
        const message = result.fieldErrors?.[field]?.[0];
        if (message) form.setError(field, { message });
      }
      setOutcome({ tone: "error", text: result.message });
    });
  });

  return (
    <section
      aria-labelledby="create-operator-heading"
      className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="create-operator-heading" className="text-lg font-semibold">
        Add an operator
      </h2>
      <form onSubmit={submit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          id="new-operator-email"
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          id="new-operator-name"
          label="Name"
          autoComplete="off"
          error={errors.name?.message}
          {...form.register("name")}
        />
        <SelectField
          id="new-operator-role"
          label="Role"
          error={errors.role?.message}
          options={ROLE_OPTIONS}
          {...form.register("role")}
        />
        <TextField
          id="new-operator-password"
          label="Initial password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={pending} aria-busy={pending}>
            Add operator
          </Button>
        </div>
      </form>
      {outcome && (
        <div className="mt-4">
          <Alert tone={outcome.tone}>{outcome.text}</Alert>
        </div>
      )}
    </section>
  );
}
