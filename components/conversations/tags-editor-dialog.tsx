"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import type * as z from "@/lib/validation/zod";
import { ActionFailure } from "@/components/ui/action-failure";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextAreaField, REASON_FIELD } from "@/components/ui/field";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { updateConversationTagsAction } from "@/lib/conversations/actions/update-conversation-tags";
import type { ActionResult } from "@/lib/actions/result";
import { placeFieldErrors } from "@/lib/actions/field-errors";
import { useServerAction } from "@/lib/actions/use-server-action";
import type { ConversationAnswer } from "@/lib/conversations/read";
import { readJson } from "@/lib/reads/read-json";
import { conversationRead } from "@/lib/reads/urls";
import type { tagsFormSchema } from "@/lib/conversations/schemas";
import { tagChanges } from "@/lib/tags";
import { ConversationRecord } from "./conversation-record";
import { placeTagIssue } from "./form-errors";
import { TagsChange } from "./tags-change";
import { TagsEditor } from "./tags-editor";

export type ConversationParty = { id: string; name?: string | null };
export type ConversationSide = ConversationParty & { kind: "user" | "group" };

/** The form's schema, loaded as the editor opens (useSchemaForm). */
const loadTagsFormSchema = () => import("@/lib/conversations/schemas").then((schemas) => schemas.tagsFormSchema);
type EditOutput = z.output<typeof tagsFormSchema>;

const FIELDS = ["tags", "reason"] as const;

const UNANSWERED_LOAD =
  "The console's server did not answer, so the current tags could not be loaded. Check the connection and try again.";
const UNANSWERED_SAVE =
  "The console's server did not answer, so it is not known whether the tags were saved. Close this editor and open it again to see the tags as they are.";

const named = (party: ConversationParty) => (party.name ? `${party.name} (${party.id})` : party.id);

/** "As George Alan, in the conversation with Andrew Joseph": whose copy of which conversation is edited. */
function copyDescription(owner: ConversationParty, peer: ConversationSide): string {
  const other = peer.kind === "group" ? `the group ${named(peer)}` : `the conversation with ${named(peer)}`;
  return `As ${named(owner)}, in ${other}`;
}

type TagsEditorDialogProps = { owner: ConversationParty; peer: ConversationSide; onClose: () => void };

/**
 * The tags of one owner's copy of a conversation. Loads them on opening; a save replaces the list, so
 * removing a tag (or saving over tags the service did not show) asks for a confirmation first, and the
 * server refuses a save over tags that changed since they were loaded.
 */
export function TagsEditorDialog({ owner, peer, onClose }: TagsEditorDialogProps) {
  const router = useRouter();
  const id = useId();
  const key = { onBehalfOf: owner.id, kind: peer.kind, peer: peer.id };
  /** The read of the current tags: pending until it answers, then its answer. */
  const [load, setLoad] = useState<{ pending: boolean; result: ActionResult<ConversationAnswer> | null }>({
    pending: true,
    result: null,
  });
  const save = useServerAction(updateConversationTagsAction, { unanswered: UNANSWERED_SAVE });
  /** The tags as the service last said they are; null while unknown. */
  const [baseline, setBaseline] = useState<{ tags: string[] | null } | null>(null);
  const [confirming, setConfirming] = useState<EditOutput | null>(null);
  const [saved, setSaved] = useState<{ before: string[] | null; after: string[] } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [placed, setPlaced] = useState<string[]>([]);
  const form = useSchemaForm({
    schema: loadTagsFormSchema,
    defaultValues: { tags: [] as string[], reason: "" },
    place: placeTagIssue,
  });

  function loaded(answer: ActionResult<ConversationAnswer>) {
    setLoad({ pending: false, result: answer });
    if (!answer.ok) return;
    setBaseline({ tags: answer.data.tags });
    form.reset({ tags: answer.data.tags ?? [], reason: form.getValues().reason });
  }

  const readTags = () =>
    readJson<ConversationAnswer>(conversationRead(key).url, { unanswered: UNANSWERED_LOAD }).then(loaded);

  function reload() {
    if (load.pending) return;
    setNotice(null);
    setLoad({ pending: true, result: null });
    void readTags();
  }

  // Opening the editor is asking for the current tags.
  useEffect(() => {
    void readTags();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function send(values: EditOutput) {
    if (!baseline) return;
    setNotice(null);
    const before = baseline.tags;
    void save.run({ ...key, tags: values.tags, reason: values.reason, expectedTags: before }, (answer) => {
      setConfirming(null);
      if (!answer.ok) {
        setPlaced(placeFieldErrors(answer.fieldErrors, FIELDS, form.setError));
        return;
      }
      setSaved({ before, after: values.tags });
      setBaseline({ tags: answer.data.tags });
      form.reset({ tags: answer.data.tags ?? values.tags, reason: "" });
      // The conversations table, the blocked list and the recent actions are read again.
      router.refresh();
    });
  }

  const submit = form.handleSubmit((values) => {
    if (!baseline) return;
    setSaved(null);
    setNotice(null);
    if (baseline.tags === null || tagChanges(baseline.tags, values.tags).removed.length > 0) {
      setConfirming(values);
      return;
    }
    if (tagChanges(baseline.tags, values.tags).added.length === 0) {
      setNotice("Nothing to save: the tags are as loaded.");
      return;
    }
    send(values);
  });

  const conversation = load.result?.ok ? load.result.data.conversations[0] : undefined;
  const changed = save.failure?.code === "REFUSED";

  return (
    <Dialog open onClose={onClose} title="Edit tags" description={copyDescription(owner, peer)} size="lg">
      <div className="space-y-4">
        <div role="status" className="sr-only">
          {load.pending ? "Loading the current tags…" : save.pending ? "Saving the tags…" : ""}
        </div>
        {load.pending && <p className="text-slate-700">Loading the current tags…</p>}
        {load.result && !load.result.ok && (
          <>
            <ActionFailure failure={load.result} />
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
              <Button onClick={reload}>Try again</Button>
            </div>
          </>
        )}

        {baseline && (
          <>
            {baseline.tags === null && (
              <Alert tone="warning" title="The current tags are unknown">
                The chat service&apos;s answer has no tags for this conversation, so what it holds now cannot be shown.
                Saving replaces whatever tags it has with the list below.
              </Alert>
            )}
            {saved && (
              <Alert tone="success" title="Tags saved">
                <TagsChange before={saved.before} after={saved.after} />
              </Alert>
            )}

            {confirming ? (
              <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-slate-900">
                <p className="font-medium">
                  {baseline.tags === null
                    ? "Replace tags that could not be shown?"
                    : "This save removes tags. Save anyway?"}
                </p>
                <TagsChange before={baseline.tags} after={confirming.tags} />
                <div className="flex flex-wrap justify-end gap-3">
                  <Button variant="secondary" onClick={() => setConfirming(null)}>
                    Back
                  </Button>
                  <Button variant="danger" busy={save.pending} onClick={() => send(confirming)}>
                    {save.pending ? "Saving…" : "Confirm save"}
                  </Button>
                </div>
              </div>
            ) : (
              <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
                <TagsEditor
                  id={`${id}-tags`}
                  value={form.values.tags}
                  onChange={(tags) => form.setValue("tags", tags)}
                  ref={form.focusTarget("tags")}
                  error={form.errors.tags}
                />
                <TextAreaField id={`${id}-reason`} {...REASON_FIELD} {...form.field("reason")} />
                {notice && <Alert tone="info">{notice}</Alert>}
                <div className="flex flex-wrap justify-end gap-3">
                  <Button variant="secondary" onClick={onClose}>
                    Close
                  </Button>
                  <Button type="submit" busy={save.pending}>
                    {save.pending ? "Saving…" : "Save tags"}
                  </Button>
                </div>
              </form>
            )}

            {save.failure && (
              <div className="space-y-2">
                <ActionFailure
                  failure={save.failure}
                  shownFields={placed}
                  labels={{ tags: "Tags", reason: "Reason" }}
                />
                {changed && (
                  <Button variant="secondary" onClick={reload}>
                    Load the current tags
                  </Button>
                )}
              </div>
            )}

            {conversation && (
              <details className="rounded-md border border-slate-200">
                <summary className="cursor-pointer px-3 py-2 font-medium text-slate-800">Conversation record</summary>
                <div className="p-2">
                  <ConversationRecord conversation={conversation} headingLevel={3} />
                </div>
              </details>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}
