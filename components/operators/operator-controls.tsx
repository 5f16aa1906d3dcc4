"use client";

import { useId, useState } from "react";
import { ActionFailure } from "@/components/ui/action-failure";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { updateOperatorAction } from "@/lib/operators/actions/update-operator";
import { useServerAction } from "@/lib/actions/use-server-action";
import { OPERATOR_ROLES, ROLE_LABELS, type Role } from "@/lib/roles";

type Props = {
  operatorId: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  isSelf: boolean;
  /** Signs in with the identity provider, which sets the role at every sign-in; no password here. */
  fromIdentityProvider: boolean;
  /** Too many failed sign-ins for this email: from one address, or from all. */
  signInLocked: boolean;
};

type Change = Parameters<typeof updateOperatorAction>[0];

function randomPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_");
}

/** Role, access and password of one operator; every change goes through the permission-checked action. */
export function OperatorControls({
  operatorId,
  email,
  name,
  role,
  disabled,
  isSelf,
  fromIdentityProvider,
  signInLocked,
}: Props) {
  const update = useServerAction(updateOperatorAction);
  const [selectedRole, setSelectedRole] = useState<Role>(role);
  const [confirming, setConfirming] = useState<"disable" | "reset" | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [newPassword, setNewPassword] = useState<string | null>(null);
  const roleId = useId();
  const who = name ? `${name} (${email})` : email;

  function run(change: Change, success: string, after?: () => void) {
    setDone(null);
    void update.run(change, (result) => {
      if (!result.ok) return;
      setConfirming(null);
      setDone(success);
      after?.();
    });
  }

  function resetPassword() {
    const password = randomPassword();
    run({ operatorId, change: "password", password }, `The password of ${email} was reset.`, () =>
      setNewPassword(password),
    );
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {!isSelf && !fromIdentityProvider && (
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
              disabled={selectedRole === role}
              busy={update.pending}
              aria-label={`Change role of ${email}`}
              onClick={() =>
                run({ operatorId, change: "role", role: selectedRole }, `${email} is now ${ROLE_LABELS[selectedRole]}.`)
              }
            >
              Change role
            </Button>
          </>
        )}
        {!isSelf && (
          <>
            {disabled ? (
              <Button
                size="sm"
                variant="secondary"
                busy={update.pending}
                aria-label={`Enable ${email}`}
                onClick={() => run({ operatorId, change: "enable" }, `${email} can sign in again.`)}
              >
                Enable
              </Button>
            ) : (
              <Button
                size="sm"
                variant="danger"
                aria-label={`Disable ${email}`}
                onClick={() => {
                  update.reset();
                  setConfirming("disable");
                }}
              >
                Disable
              </Button>
            )}
          </>
        )}
        {!fromIdentityProvider && (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Reset password of ${email}`}
            onClick={() => {
              update.reset();
              setConfirming("reset");
            }}
          >
            Reset password
          </Button>
        )}
        {signInLocked && (
          <Button
            size="sm"
            variant="secondary"
            busy={update.pending}
            aria-label={`Clear the sign-in lock of ${email}`}
            onClick={() =>
              run({ operatorId, change: "sign-in-lock" }, `${email} can try to sign in again from any address.`)
            }
          >
            Clear sign-in lock
          </Button>
        )}
      </div>
      {done && <Alert tone="success">{done}</Alert>}
      {update.failure && confirming === null && <ActionFailure failure={update.failure} />}

      <ConfirmDialog
        open={confirming === "disable"}
        title={`Disable ${who}?`}
        confirmLabel="Confirm disable"
        pendingLabel="Disabling…"
        pending={update.pending}
        onConfirm={() => run({ operatorId, change: "disable" }, `${email} is disabled; their sessions have ended.`)}
        onClose={() => setConfirming(null)}
        failure={update.failure}
      >
        <p>
          {who} will no longer be able to sign in, and every session they have open ends at its next request. An admin
          can enable them again.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={confirming === "reset"}
        title={`Reset the password of ${who}?`}
        confirmLabel="Confirm reset"
        pendingLabel="Resetting…"
        pending={update.pending}
        onConfirm={resetPassword}
        onClose={() => setConfirming(null)}
        failure={update.failure}
      >
        <p>
          {who} gets a new generated password, shown to you once; their current password stops working and their open
          sessions end.
        </p>
      </ConfirmDialog>

      <Dialog open={newPassword !== null} onClose={() => setNewPassword(null)} title={`New password of ${email}`}>
        <p>Shown this once. Give it to {who} in person.</p>
        <p className="mt-3 flex items-center gap-2 rounded-md bg-slate-100 px-3 py-2">
          <code className="font-mono text-sm break-all text-slate-900">{newPassword}</code>
          {newPassword && <CopyButton value={newPassword} label={`Copy the new password of ${email}`} />}
        </p>
        <div className="mt-6 flex justify-end">
          <Button onClick={() => setNewPassword(null)}>Done</Button>
        </div>
      </Dialog>
    </div>
  );
}
