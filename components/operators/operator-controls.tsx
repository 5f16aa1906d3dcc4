"use client";

import { useId, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { updateOperatorAction } from "@/lib/actions/operators";
import { OPERATOR_ROLES, ROLE_LABELS, type Role } from "@/lib/auth/roles";

type Props = { operatorId: string; email: string; role: Role; disabled: boolean; isSelf: boolean };

function randomPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_");
}

/** Role, access and password of one operator; every change goes through the permission-checked action. */
export function OperatorControls({ operatorId, email, role, disabled, isSelf }: Props) {
  const [pending, startTransition] = useTransition();
  const [selectedRole, setSelectedRole] = useState<Role>(role);
  const [outcome, setOutcome] = useState<{ tone: "error" | "success"; text: string }>();
  const roleId = useId();

  const run = (change: Parameters<typeof updateOperatorAction>[0], success: string) => {
    setOutcome(undefined);
    startTransition(async () => {
      const result = await updateOperatorAction(change);
      setOutcome(result.ok ? { tone: "success", text: success } : { tone: "error", text: result.message });
    });
  };

  const resetPassword = () => {
    const password = randomPassword();
    run({ operatorId, change: "password", password }, `New password for ${email} (shown once): ${password}`);
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {!isSelf && (
          <>
            <label htmlFor={roleId} className="sr-only">
              Role of {email}
            </label>
            <select
              id={roleId}
              value={selectedRole}
              onChange={(event) => setSelectedRole(event.target.value as Role)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs"
            >
              {OPERATOR_ROLES.map((option) => (
                <option key={option} value={option}>
                  {ROLE_LABELS[option]}
                </option>
              ))}
            </select>
            <Button
              size="sm"
              variant="secondary"
              disabled={pending || selectedRole === role}
              aria-label={`Change role of ${email}`}
              onClick={() =>
                run({ operatorId, change: "role", role: selectedRole }, `${email} is now ${ROLE_LABELS[selectedRole]}.`)
              }
            >
              Change role
            </Button>
            <Button
              size="sm"
              variant={disabled ? "secondary" : "danger"}
              disabled={pending}
              aria-label={`${disabled ? "Enable" : "Disable"} ${email}`}
              onClick={() =>
                run(
                  { operatorId, change: disabled ? "enable" : "disable" },
                  disabled ? `${email} can sign in again.` : `${email} is disabled; their sessions have ended.`,
                )
              }
            >
              {disabled ? "Enable" : "Disable"}
            </Button>
          </>
        )}
        <Button
          size="sm"
          variant="secondary"
          disabled={pending}
          aria-label={`Reset password of ${email}`}
          onClick={resetPassword}
        >
          Reset password
        </Button>
      </div>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
    </div>
  );
}
