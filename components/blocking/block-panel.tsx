"use client";

import { useRouter } from "next/navigation";
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState, useTransition } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextAreaField } from "@/components/ui/field";
import { RawJson } from "@/components/ui/raw-json";
import { blockUsersAction, type BlockAnswer } from "@/lib/actions/block-users";
import type { ActionResult } from "@/lib/actions/define-action";
import { blockUsersSchema, MAX_UIDS_PER_BLOCK, parseUidList, type UidListEntry } from "@/lib/schemas/block-users";
import { BlockOutcomeTable, outcomeSummary } from "./block-outcome-table";

/** How many UIDs the confirmation names before it says "and N more". */
const NAMED_IN_CONFIRMATION = 10;

const UNREACHABLE_MESSAGE =
  "The console could not reach its server, so it does not know whether the block was sent. Check the action log before trying again.";

// aria-disabled rather than disabled keeps the focused button focused while the call runs.
const BUSY = "aria-disabled:cursor-not-allowed aria-disabled:opacity-70";

const FIELD_NAMES: Record<string, string> = { blocker: "Blocker", uids: "UIDs", reason: "Reason", form: "Form" };

type FormErrors = { uids?: string; reason?: string; form?: string };

function users(count: number) {
  return `${count} ${count === 1 ? "user" : "users"}`;
}

/** The same schema the action parses with, so the panel refuses exactly what the server would. */
function validate(blocker: string, uids: string[], reason: string): FormErrors {
  const parsed = blockUsersSchema.safeParse({ blocker, uids, reason });
  if (parsed.success) return {};
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "uids") errors.uids ??= issue.message;
    else if (field === "reason") errors.reason ??= issue.message;
    else errors.form ??= field === "blocker" ? `Blocker: ${issue.message}` : issue.message;
  }
  return errors;
}

function namedList(uids: string[]) {
  const named = uids.slice(0, NAMED_IN_CONFIRMATION).join(", ");
  const rest = uids.length - NAMED_IN_CONFIRMATION;
  return rest > 0 ? `${named} and ${rest} more` : named;
}

function fieldLabel(key: string) {
  const [head = key, ...rest] = key.split(".");
  const name = FIELD_NAMES[head] ?? head;
  return rest.length > 0 ? `${name} (${rest.join(".")})` : name;
}

/** Block many UIDs on behalf of `blocker`: paste, review the parsed list, confirm, read the outcome per UID. */
export function BlockPanel({ blocker }: { blocker: string }) {
  const router = useRouter();
  const baseId = useId();
  const headingId = `${baseId}-heading`;
  const uidsId = `${baseId}-uids`;
  const reasonId = `${baseId}-reason`;
  const selectionId = `${baseId}-selection`;

  const [text, setText] = useState("");
  const [reason, setReason] = useState("");
  // What the moderator unchecked, by UID, so a choice survives edits of the text around it.
  const [unchecked, setUnchecked] = useState<ReadonlySet<string>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const [sentCount, setSentCount] = useState(0);
  const [result, setResult] = useState<ActionResult<BlockAnswer> | null>(null);
  const [pending, startTransition] = useTransition();

  const textRef = useRef(text);
  const uidsRef = useRef<HTMLTextAreaElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const dialogBodyRef = useRef<HTMLDivElement>(null);

  // A long paste re-renders the checklist; the text field stays responsive while it catches up.
  const deferredText = useDeferredValue(text);
  const parsed = useMemo(() => parseUidList(deferredText, blocker), [deferredText, blocker]);
  const selected = parsed.valid.filter((uid) => !unchecked.has(uid));
  const errors = attempted ? validate(blocker, selected, reason) : {};
  const dialogOpen = confirming !== null;

  useEffect(() => {
    // The safe choice gets the focus: Enter pressed by habit must not block anyone.
    if (dialogOpen) dialogBodyRef.current?.querySelector<HTMLElement>("[data-initial-focus]")?.focus();
  }, [dialogOpen]);

  function changeText(value: string) {
    textRef.current = value;
    setText(value);
  }

  function toggle(uid: string, checked: boolean) {
    setUnchecked((current) => {
      const next = new Set(current);
      if (checked) next.delete(uid);
      else next.add(uid);
      return next;
    });
  }

  function checkAll(checked: boolean) {
    setUnchecked((current) => {
      const next = new Set(current);
      for (const uid of parsed.valid) {
        if (checked) next.delete(uid);
        else next.add(uid);
      }
      return next;
    });
  }

  function requestBlock() {
    if (pending) return;
    const uids = parseUidList(text, blocker).valid.filter((uid) => !unchecked.has(uid));
    const found = validate(blocker, uids, reason);
    if (found.uids || found.reason || found.form) {
      setAttempted(true);
      if (found.uids) uidsRef.current?.focus();
      else if (found.reason) reasonRef.current?.focus();
      return;
    }
    setAttempted(false);
    setConfirming(uids);
  }

  function confirmBlock() {
    if (!confirming || pending) return;
    const uids = confirming;
    const submittedText = text;
    setSentCount(uids.length);
    setResult(null);
    startTransition(async () => {
      let answer: ActionResult<BlockAnswer>;
      try {
        answer = await blockUsersAction({ blocker, uids, reason });
      } catch {
        answer = { ok: false, message: UNREACHABLE_MESSAGE };
      }
      startTransition(() => {
        setResult(answer);
        setConfirming(null);
        if (!answer.ok) return;
        // Text typed while the block was on its way is the moderator's next list: keep it.
        if (textRef.current === submittedText) {
          changeText("");
          setReason("");
          setUnchecked(new Set());
        }
        router.refresh();
      });
    });
  }

  const duplicates = parsed.entries.filter((entry) => entry.status === "duplicate").length;
  const invalid = parsed.entries.filter(
    (entry): entry is Extract<UidListEntry, { status: "invalid" }> => entry.status === "invalid",
  );
  const selfIncluded = parsed.entries.some((entry) => entry.status === "self");
  const uidsErrorId = errors.uids ? `${uidsId}-error` : undefined;

  let status = "";
  if (pending) status = `Blocking ${users(sentCount)}…`;
  else if (result?.ok) status = `Block finished: ${outcomeSummary(result.data.counts)}.`;

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
          event.preventDefault();
          requestBlock();
        }}
      >
        <TextAreaField
          ref={uidsRef}
          id={uidsId}
          label="UIDs to block"
          hint="Separate UIDs with commas, spaces or new lines."
          error={errors.uids}
          rows={5}
          spellCheck={false}
          autoCapitalize="none"
          autoComplete="off"
          className="font-mono"
          value={text}
          onChange={(event) => changeText(event.target.value)}
        />

        {parsed.entries.length > 0 && (
          <fieldset
            aria-describedby={[selectionId, uidsErrorId].filter(Boolean).join(" ")}
            className="rounded-md border border-slate-200 px-4 pt-2 pb-4"
          >
            <legend className="px-1 text-sm font-medium text-slate-800">UIDs that will be blocked</legend>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p id={selectionId} className="text-sm text-slate-700">
                {selected.length} of {parsed.valid.length} selected
              </p>
              {parsed.valid.length > 1 && (
                <div className="flex gap-2">
                  <Button variant="ghost" size="sm" onClick={() => checkAll(true)}>
                    Check all
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => checkAll(false)}>
                    Uncheck all
                  </Button>
                </div>
              )}
            </div>

            {parsed.valid.length > 0 ? (
              <ul className="mt-2 grid max-h-72 grid-cols-[repeat(auto-fill,minmax(12rem,1fr))] gap-x-4 gap-y-1 overflow-y-auto p-1">
                {parsed.valid.map((uid) => (
                  <li key={uid}>
                    <label className="flex items-center gap-2 text-sm text-slate-800">
                      <input
                        type="checkbox"
                        className="size-4 shrink-0 accent-brand-600"
                        checked={!unchecked.has(uid)}
                        onChange={(event) => toggle(uid, event.target.checked)}
                      />
                      <span className="font-mono break-all">{uid}</span>
                    </label>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-700">None of the entries can be blocked.</p>
            )}

            {selected.length > MAX_UIDS_PER_BLOCK && (
              <div className="mt-3">
                <Alert tone="warning">
                  {selected.length} UIDs are selected; a block from here sends at most {MAX_UIDS_PER_BLOCK}. Uncheck
                  some, or use incident mode for lists this long.
                </Alert>
              </div>
            )}
            {(duplicates > 0 || selfIncluded || invalid.length > 0) && (
              <ul className="mt-3 space-y-1 text-sm">
                {duplicates > 0 && (
                  <li className="text-slate-700">
                    {duplicates} {duplicates === 1 ? "duplicate" : "duplicates"} merged.
                  </li>
                )}
                {selfIncluded && (
                  <li className="text-amber-900">
                    {blocker} is the blocker and was left out: a user cannot block themselves.
                  </li>
                )}
              </ul>
            )}
            {invalid.length > 0 && (
              <div className="mt-3">
                <p className="text-sm font-medium text-red-800">Not valid, left out ({invalid.length}):</p>
                <ul className="mt-1 space-y-1 text-sm text-red-800">
                  {invalid.map((entry, index) => (
                    <li key={`${index}-${entry.uid}`}>
                      <span className="font-mono break-all">{entry.uid}</span> — {entry.problem}
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </fieldset>
        )}

        <TextAreaField
          ref={reasonRef}
          id={reasonId}
          label="Reason"
          hint="Recorded in the action log."
          error={errors.reason}
          rows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />

        {errors.form && <Alert tone="error">{errors.form}</Alert>}

        <div>
          <Button type="submit" variant="danger" aria-disabled={pending || undefined} className={BUSY}>
            Block
          </Button>
        </div>
      </form>

      <Dialog
        open={dialogOpen}
        onClose={() => setConfirming(null)}
        title={confirming ? `Block ${users(confirming.length)}?` : "Block users?"}
      >
        {confirming && (
          <div ref={dialogBodyRef}>
            <p>
              {blocker} will block {users(confirming.length)}: {namedList(confirming)}.
            </p>
            {reason.trim() && <p className="mt-2">Reason: {reason.trim()}</p>}
            <div role="status">
              {pending && <p className="mt-2 font-medium text-slate-900">Blocking {users(confirming.length)}…</p>}
            </div>
            <div className="mt-6 flex justify-end gap-3">
              <Button variant="secondary" data-initial-focus onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button variant="danger" aria-disabled={pending || undefined} className={BUSY} onClick={confirmBlock}>
                {pending ? "Blocking…" : "Confirm block"}
              </Button>
            </div>
          </div>
        )}
      </Dialog>

      <div className="mt-6 space-y-3">
        {/* Kept in the page while empty: readers miss text added to a region that just appeared. */}
        <div role="status">{status && <p className="text-sm font-medium text-slate-900">{status}</p>}</div>
        {result && !result.ok && (
          <Alert tone="error">
            <p>{result.message}</p>
            {result.fieldErrors && (
              <ul className="mt-1 list-disc pl-5">
                {Object.entries(result.fieldErrors).flatMap(([key, messages]) =>
                  messages.map((message, index) => (
                    <li key={`${key}-${index}`}>
                      {fieldLabel(key)}: {message}
                    </li>
                  )),
                )}
              </ul>
            )}
          </Alert>
        )}
        {result?.ok && (
          <div>
            <BlockOutcomeTable rows={result.data.rows} caption="Outcome of the block" />
            <RawJson value={result.data.raw} />
          </div>
        )}
      </div>
    </section>
  );
}
