"use client";

import { lazy, useState } from "react";
import { Button } from "@/components/ui/button";
import { MountOnceAsked, useFreshDialog } from "@/components/ui/mount-once-asked";

/** Loaded when first asked for, not with the page (MountOnceAsked). */
const BlockExpiryDialog = lazy(() =>
  import("./block-expiry-dialog").then((module) => ({ default: module.BlockExpiryDialog })),
);

/** "expires in 6 h": whole days past two days, whole hours past an hour, else minutes. */
function expiresIn(at: Date, now: number): string {
  const minutes = Math.max(0, Math.round((at.getTime() - now) / 60_000));
  if (minutes >= 48 * 60) return `expires in ${Math.round(minutes / (24 * 60))} d`;
  if (minutes >= 60) return `expires in ${Math.round(minutes / 60)} h`;
  return minutes <= 1 ? "expires in a minute" : `expires in ${minutes} min`;
}

/** When a block ends, and a moderator's way to change that or make it last until unblocked. */
export function BlockExpiry({
  blocker,
  uid,
  expiresAt,
  canChange,
}: {
  blocker: string;
  uid: string;
  expiresAt: string | undefined;
  canChange: boolean;
}) {
  const dialog = useFreshDialog();
  // The time is read once the page renders, so the server's and the browser's text agree.
  const [now] = useState(() => Date.now());
  const at = expiresAt ? new Date(expiresAt) : undefined;

  return (
    <span className="flex flex-wrap items-center gap-2">
      <span title={at?.toISOString()}>{at ? expiresIn(at, now) : "until unblocked"}</span>
      {canChange && (
        <Button variant="secondary" size="sm" onClick={dialog.show}>
          Change expiry<span className="sr-only"> of {uid}</span>
        </Button>
      )}
      <MountOnceAsked when={dialog.open}>
        <BlockExpiryDialog key={dialog.key} blocker={blocker} uid={uid} open={dialog.open} onClose={dialog.close} />
      </MountOnceAsked>
    </span>
  );
}
