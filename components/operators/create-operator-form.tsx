"use client";

import { useState } from "react";
import { ActionFailure } from "@/components/ui/action-failure";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { SelectField, TextField } from "@/components/ui/field";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { placeFieldErrors } from "@/lib/actions/field-errors";
import { createOperatorAction } from "@/lib/operators/actions/create-operator";
import { useServerAction } from "@/lib/actions/use-server-action";
import { OPERATOR_ROLES, ROLE_LABELS } from "@/lib/roles";
import { MIN_PASSWORD_LENGTH } from "@/lib/operators/limits";

/** The action's schema, loaded as the form is first used (useSchemaForm). */
const loadCreateOperatorSchema = () =>
  import("@/lib/operators/schemas").then((schemas) => schemas.createOperatorSchema);

const FIELDS = ["email", "name", "role", "password"] as const;

const ROLE_OPTIONS = OPERATOR_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

export function CreateOperatorForm() {
  const create = useServerAction(createOperatorAction);
  const [created, setCreated] = useState<string | null>(null);
  const [placed, setPlaced] = useState<string[]>([]);
  const form = useSchemaForm({
    schema: loadCreateOperatorSchema,
    defaultValues: { email: "", name: "", role: "support", password: "" },
  });
  const bind = (name: (typeof FIELDS)[number]) => form.field(name);

  const submit = form.handleSubmit(async (values) => {
    setCreated(null);
    await create.run(values, (result) => {
      if (result.ok) {
        setCreated(
          `Created ${result.data.email} (${ROLE_LABELS[result.data.role]}). Give them their password in person.`,
        );
        form.reset();
      } else {
        setPlaced(placeFieldErrors(result.fieldErrors, FIELDS, form.setError));
      }
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
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField id="new-operator-email" label="Email" type="email" autoComplete="off" {...bind("email")} />
        <TextField id="new-operator-name" label="Name" autoComplete="off" {...bind("name")} />
        <SelectField id="new-operator-role" label="Role" options={ROLE_OPTIONS} {...bind("role")} />
        <TextField
          id="new-operator-password"
          label="Initial password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          {...bind("password")}
        />
        <div className="sm:col-span-2">
          <Button type="submit" busy={create.pending}>
            Add operator
          </Button>
        </div>
      </form>
      {(created || create.failure) && (
        <div className="mt-4">
          {created && <Alert tone="success">{created}</Alert>}
          {create.failure && <ActionFailure failure={create.failure} shownFields={placed} />}
        </div>
      )}
    </section>
  );
}
