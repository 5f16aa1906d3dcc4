"use client";

import { MountOnceAsked } from "@/components/ui/mount-once-asked";
import { useRouter } from "next/navigation";
import { lazy, Suspense, useId, useState } from "react";
import { TextAreaField, UID_INPUT, REASON_FIELD } from "@/components/ui/field";
import { FORM_ERROR, useSchemaForm } from "@/components/ui/use-schema-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { BlockAnswer } from "@/lib/blocking/block-answer";
import type { BlockRequest } from "./block-confirm-dialog";
import { UidChecklist } from "./uid-checklist";
import { selectedUids, useUidSelection } from "./use-uid-selection";

/** Loaded when first asked for, not with the page (MountOnceAsked). */
const BlockConfirmDialog = lazy(() =>
  import("./block-confirm-dialog").then((module) => ({ default: module.BlockConfirmDialog })),
);

/** The outcome of a block (its summary, table and raw answer) is loaded as the confirmation opens, not with the page. */
const loadBlockResult = () => import("./block-result");
const BlockResult = lazy(() => loadBlockResult().then((module) => ({ default: module.BlockResult })));
const BlockFinished = lazy(() => loadBlockResult().then((module) => ({ default: module.BlockFinished })));

/** The action's schema, loaded as the form is first used (useSchemaForm). */
const loadBlockUsersSchema = () => import("@/lib/blocking/schemas").then((schemas) => schemas.blockUsersSchema);

type BlockFormValues = { text: string; reason: string; unchecked: string[] };

/** An error of the UID list belongs to the text field the list came from. */
function placeBlockIssue(issue: { path: PropertyKey[]; message: string }) {
  if (issue.path[0] === "reason") return { field: "reason", message: issue.message };
  if (issue.path[0] === "uids") return { field: "text", message: issue.message };
  // The blocker is the page's own UID: no field of the form can show its error.
  return { field: FORM_ERROR, message: `Blocker: ${issue.message}` };
}

/** Block many UIDs on behalf of `blocker`: paste, review the parsed list, confirm, read the outcome per UID. */
export function BlockPanel({ blocker }: { blocker: string }) {
  const router = useRouter();
  const id = useId();
  const headingId = `${id}-heading`;
  const selectionId = `${id}-selection`;
  const [request, setRequest] = useState<BlockRequest | null>(null);
  const [last, setLast] = useState<{ answer: BlockAnswer; at: Date } | null>(null);

  // Checked with the action's own schema, on what it would send: the checked UIDs of the text.
  const form = useSchemaForm({
    schema: loadBlockUsersSchema,
    defaultValues: { text: "", reason: "", unchecked: [] } as BlockFormValues,
    input: (values: BlockFormValues) => ({
      blocker,
      uids: selectedUids(values.text, blocker, values.unchecked),
      reason: values.reason,
    }),
    place: placeBlockIssue,
  });
  const { text, unchecked } = form.values;
  const selection = useUidSelection(text, blocker, unchecked, (next) => form.setValue("unchecked", next));
  const { errors } = form;

  function blocked(answer: BlockAnswer, sent: BlockRequest) {
    setRequest(null);
    setLast({ answer, at: new Date() });
    // Text typed while the block was on its way is the moderator's next list: keep it.
    const now = form.getValues();
    if (selectedUids(now.text, blocker, now.unchecked).join() === sent.uids.join()) form.reset();
    router.refresh();
  }

  const uidsErrorId = errors.text ? `${id}-uids-error` : undefined;

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-medium text-slate-900">
        Block users
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Every UID you choose will be blocked by <span className="font-mono">{blocker}</span>.
      </p>

      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          void form.handleSubmit((values) => {
            // A new block makes the last outcome an earlier one: it goes, so nothing stale is read as this one's.
            setLast(null);
            setRequest(values);
            void loadBlockResult();
          })(event);
        }}
      >
        <TextAreaField
          id={`${id}-uids`}
          label="UIDs to block"
          hint="Separate UIDs with commas, spaces or new lines."
          rows={5}
          {...UID_INPUT}
          {...form.field("text")}
        />

        {selection.parsed.entries.length > 0 && (
          <UidChecklist
            blocker={blocker}
            selection={selection}
            selectionId={selectionId}
            describedBy={[selectionId, uidsErrorId].filter(Boolean).join(" ")}
          />
        )}

        <TextAreaField id={`${id}-reason`} {...REASON_FIELD} {...form.field("reason")} />

        {errors[FORM_ERROR] && <Alert tone="error">{errors[FORM_ERROR]}</Alert>}

        <div>
          <Button type="submit" variant="danger">
            Block
          </Button>
        </div>
      </form>

      <MountOnceAsked when={request !== null}>
        <BlockConfirmDialog request={request} onClose={() => setRequest(null)} onBlocked={blocked} />
      </MountOnceAsked>

      <div className="mt-6 space-y-3">
        {/* Kept in the page while empty: readers miss text added to a region that just appeared. */}
        <div role="status" className="sr-only">
          {last && (
            <Suspense fallback={null}>
              <BlockFinished counts={last.answer.counts} />
            </Suspense>
          )}
        </div>
        {last && (
          <Suspense fallback={null}>
            <BlockResult answer={last.answer} at={last.at} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
