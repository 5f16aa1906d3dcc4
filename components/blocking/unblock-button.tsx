"use client";

import { useRouter } from "next/navigation";
import { lazy, useState } from "react";
import { Button } from "@/components/ui/button";
import { MountOnceAsked } from "@/components/ui/mount-once-asked";
import { useAnnouncer } from "@/components/ui/announcer";

/** Loaded when first asked for, not with the page (MountOnceAsked). */
const UnblockDialog = lazy(() => import("./unblock-dialog").then((module) => ({ default: module.UnblockDialog })));

/** Unblocks one UID on behalf of `blocker`, after a confirmation. */
export function UnblockButton({ blocker, uid, name }: { blocker: string; uid: string; name?: string }) {
  const router = useRouter();
  const announcer = useAnnouncer();
  const [open, setOpen] = useState(false);
  // Each opening starts afresh (no earlier failure or refusal): the dialog is made again under a new key.
  const [openings, setOpenings] = useState(0);
  const [ownMessage, setOwnMessage] = useState("");

  function done(message: string) {
    setOpen(false);
    if (announcer) announcer(message);
    else setOwnMessage(message);
    router.refresh();
  }

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
      >
        Unblock<span className="sr-only"> {uid}</span>
      </Button>
      {!announcer && (
        <span role="status" className="ml-2 text-xs text-emerald-800">
          {ownMessage}
        </span>
      )}
      <MountOnceAsked when={open}>
        <UnblockDialog
          key={openings}
          blocker={blocker}
          uid={uid}
          name={name}
          open={open}
          onClose={() => setOpen(false)}
          onDone={done}
        />
      </MountOnceAsked>
    </>
  );
}
