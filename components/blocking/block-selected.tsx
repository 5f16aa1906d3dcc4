"use client";

import { MountOnceAsked } from "@/components/ui/mount-once-asked";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { chosenOf, useSelection } from "@/components/ui/selection";
import type { BlockAnswer } from "@/lib/blocking/block-answer";
import type { BlockRequest } from "./block-confirm-dialog";

/** Loaded when first asked for, not with the page (MountOnceAsked). */
const BlockConfirmDialog = lazy(() =>
  import("./block-confirm-dialog").then((module) => ({ default: module.BlockConfirmDialog })),
);

/** The outcome of a block (its summary, table and raw answer) is loaded as the confirmation opens, not with the page. */
const loadBlockResult = () => import("./block-result");
const BlockResult = lazy(() => loadBlockResult().then((module) => ({ default: module.BlockResult })));

/** "Block selected": blocks, on behalf of `blocker`, the users checked in the rows of the surrounding selection. */
export function BlockSelected({ blocker }: { blocker: string }) {
  const router = useRouter();
  const selection = useSelection();
  const [request, setRequest] = useState<BlockRequest | null>(null);
  const [last, setLast] = useState<{ answer: BlockAnswer; at: Date } | null>(null);
  if (!selection || selection.available.length === 0) return null;
  const chosen = chosenOf(selection);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="danger"
          disabled={chosen.length === 0}
          onClick={() => {
            // A new block makes the last outcome an earlier one: it goes, so nothing stale is read as this one's.
            setLast(null);
            setRequest({ blocker, uids: chosen });
            void loadBlockResult();
          }}
        >
          Block selected
        </Button>
        <span className="text-sm text-slate-700">
          {chosen.length === 0
            ? "Select users above to block them on behalf of this user."
            : `${chosen.length} selected.`}
        </span>
      </div>
      <MountOnceAsked when={request !== null}>
        <BlockConfirmDialog
          request={request}
          onClose={() => setRequest(null)}
          onBlocked={(answer) => {
            setRequest(null);
            selection.clear();
            setLast({ answer, at: new Date() });
            router.refresh();
          }}
        />
      </MountOnceAsked>
      {last && (
        <Suspense fallback={null}>
          <BlockResult answer={last.answer} at={last.at} />
        </Suspense>
      )}
    </div>
  );
}
