"use client";

import { useRouter } from "next/navigation";
import { lazy, useState } from "react";
import { Button } from "@/components/ui/button";
import { MountOnceAsked, useFreshDialog } from "@/components/ui/mount-once-asked";
import { useAnnouncer } from "@/components/ui/announcer";

/** Loaded when first asked for, not with the page (MountOnceAsked). */
const UnblockDialog = lazy(() => import("./unblock-dialog").then((module) => ({ default: module.UnblockDialog })));

/** Unblocks one UID on behalf of `blocker`, after a confirmation. */
export function UnblockButton({ blocker, uid, name }: { blocker: string; uid: string; name?: string }) {
  const router = useRouter();
  const announcer = useAnnouncer();
  const dialog = useFreshDialog();
  const [ownMessage, setOwnMessage] = useState("");

  function done(message: string) {
    dialog.close();
    if (announcer) announcer(message);
    else setOwnMessage(message);
    router.refresh();
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={dialog.show}>
        Unblock<span className="sr-only"> {uid}</span>
      </Button>
      {!announcer && (
        <span role="status" className="ml-2 text-xs text-emerald-800">
          {ownMessage}
        </span>
      )}
      <MountOnceAsked when={dialog.open}>
        <UnblockDialog
          key={dialog.key}
          blocker={blocker}
          uid={uid}
          name={name}
          open={dialog.open}
          onClose={dialog.close}
          onDone={done}
        />
      </MountOnceAsked>
    </>
  );
}
