"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { RawJson } from "@/components/ui/raw-json";
import {
  loadConversationAction,
  updateConversationTagsAction,
  type ConversationAnswer,
} from "@/lib/actions/conversation-tags";
import type { ActionResult } from "@/lib/actions/define-action";
import { updateConversationTagsSchema, type UpdateConversationTagsInput } from "@/lib/schemas/conversation-tags";
import { ConversationRecord } from "./conversation-record";
import { placeFieldErrors, tagsErrorMessage, type TagsFormField } from "./form-errors";
import { TagsEditor } from "./tags-editor";

type UpdateConversationTagsOutput = z.output<typeof updateConversationTagsSchema>;
type Answer = ActionResult<ConversationAnswer>;
type Pending = "load" | "save";
type Outcome =
  { kind: "saved" | "loaded"; answer: ConversationAnswer } | { kind: "failed"; message: string; details: string[] };
/** Where focus goes once a request has ended: an invalid field, the error, or back to the button pressed. */
type FocusTarget = { to: TagsFormField | "alert" } | { to: "button"; buttonId: string };

const FIELD_ORDER: readonly TagsFormField[] = ["onBehalfOf", "tags", "reason"];

// A request the console's server never answered may still have reached the chat service.
const UNANSWERED: Record<Pending, string> = {
  load: "The console's server did not answer, so the current tags could not be loaded. Check the connection and try again.",
  save: "The console's server did not answer, so it is not known whether the tags were saved. Check the connection, then load the current tags to see.",
};

function recordCount(count: number): string {
  if (count === 0) return "no conversation record";
  return count === 1 ? "1 conversation record" : `${count} conversation records`;
}

function tagCount(count: number): string {
  return count === 1 ? "1 tag" : `${count} tags`;
}

async function settle(kind: Pending, request: () => Promise<Answer>): Promise<Answer> {
  try {
    return await request();
  } catch {
    return { ok: false, message: UNANSWERED[kind] };
  }
}

/**
 * Reads and replaces the tags of the conversation between `uid` and its owner, on the owner's behalf.
 * The form is checked with the same schema as the server action, and shows every record the chat
 * service answered with, in words and raw.
 */
export function ConversationTagsPanel({ uid }: { uid: string }) {
  const id = useId();
  const headingId = `${id}-heading`;
  const {
    control,
    formState: { errors },
    getValues,
    handleSubmit,
    register,
    setError,
    setFocus,
    setValue,
    clearErrors,
    trigger,
  } = useForm<UpdateConversationTagsInput, unknown, UpdateConversationTagsOutput>({
    resolver: zodResolver(updateConversationTagsSchema),
    defaultValues: { uid, onBehalfOf: "", tags: [], reason: "" },
  });
  const [pending, setPending] = useState<Pending | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const buttonIds: Record<Pending, string> = { load: `${id}-load`, save: `${id}-save` };
  const focusAfter = useRef<FocusTarget | null>(null);

  // Runs once the buttons are enabled again and the outcome is on screen, so both can take focus.
  useEffect(() => {
    const target = focusAfter.current;
    if (pending !== null || !target) return;
    focusAfter.current = null;
    if (target.to === "alert") alertRef.current?.focus();
    else if (target.to === "button") {
      // A disabled button loses focus; it gets it back, unless the operator has moved on meanwhile.
      if (document.activeElement === null || document.activeElement === document.body)
        document.getElementById(target.buttonId)?.focus();
    } else setFocus(target.to);
  }, [pending, outcome, setFocus]);

  function fail(answer: Extract<Answer, { ok: false }>) {
    const placed = placeFieldErrors(answer.fieldErrors, getValues("tags"));
    const invalid = FIELD_ORDER.filter((field) => placed.fields[field] !== undefined);
    for (const field of invalid) setError(field, { type: "server", message: placed.fields[field] });
    setOutcome({ kind: "failed", message: answer.message, details: placed.other });
    focusAfter.current = { to: invalid[0] ?? "alert" };
  }

  async function request(kind: Pending, send: () => Promise<Answer>): Promise<ConversationAnswer | undefined> {
    setPending(kind);
    setOutcome(null);
    const answer = await settle(kind, send);
    setPending(null);
    if (!answer.ok) {
      fail(answer);
      return undefined;
    }
    focusAfter.current = { to: "button", buttonId: buttonIds[kind] };
    return answer.data;
  }

  async function loadCurrentTags() {
    if (pending !== null) return;
    if (!(await trigger("onBehalfOf", { shouldFocus: true }))) return;
    const data = await request("load", () =>
      loadConversationAction({ uid: getValues("uid"), onBehalfOf: getValues("onBehalfOf") }),
    );
    if (!data) return;
    const first = data.conversations[0];
    if (first) {
      setValue("tags", Array.isArray(first.tags) ? first.tags.filter((tag) => typeof tag === "string") : [], {
        shouldDirty: true,
      });
      clearErrors("tags");
    }
    setOutcome({ kind: "loaded", answer: data });
  }

  async function saveTags(values: UpdateConversationTagsOutput) {
    if (pending !== null) return;
    const data = await request("save", () => updateConversationTagsAction(values));
    if (data) setOutcome({ kind: "saved", answer: data });
  }

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Conversation tags
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The tags of the conversation between <span className="font-mono break-all">{uid}</span> and its owner. Saving
        replaces the whole list.
      </p>

      <form noValidate onSubmit={(event) => void handleSubmit(saveTags)(event)} className="mt-4 space-y-4">
        <input type="hidden" {...register("uid")} />
        <TextField
          id={`${id}-on-behalf-of`}
          label="On behalf of"
          hint="UID of the conversation's owner; the request is sent on their behalf."
          error={errors.onBehalfOf?.message}
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          // Enter here would save the tags in the form (a new form's are none, which clears them): saving is a button.
          onKeyDown={(event) => {
            if (event.key === "Enter") event.preventDefault();
          }}
          {...register("onBehalfOf")}
        />
        <div>
          <Button
            id={buttonIds.load}
            variant="secondary"
            disabled={pending !== null}
            aria-busy={pending === "load" || undefined}
            onClick={() => void loadCurrentTags()}
          >
            {pending === "load" ? "Loading…" : "Load current tags"}
          </Button>
        </div>
        <Controller
          control={control}
          name="tags"
          render={({ field }) => (
            <TagsEditor
              id={`${id}-tags`}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={tagsErrorMessage(errors.tags, field.value)}
            />
          )}
        />
        <TextAreaField
          id={`${id}-reason`}
          label="Reason"
          hint="Recorded in the action log."
          rows={3}
          error={errors.reason?.message}
          {...register("reason")}
        />
        <Button
          id={buttonIds.save}
          type="submit"
          disabled={pending !== null}
          aria-busy={pending === "save" || undefined}
        >
          {pending === "save" ? "Saving…" : "Save tags"}
        </Button>
      </form>

      {outcome && (
        <div className="mt-6 space-y-4">
          {outcome.kind === "failed" ? (
            <div ref={alertRef} tabIndex={-1} className="rounded-md">
              <Alert tone="error">
                <p>{outcome.message}</p>
                {outcome.details.length > 0 && (
                  <ul className="mt-1 list-disc pl-5">
                    {outcome.details.map((detail, index) => (
                      <li key={index}>{detail}</li>
                    ))}
                  </ul>
                )}
              </Alert>
            </div>
          ) : (
            <AnswerView kind={outcome.kind} answer={outcome.answer} />
          )}
        </div>
      )}
    </section>
  );
}

function AnswerView({ kind, answer }: { kind: "saved" | "loaded"; answer: ConversationAnswer }) {
  const conversations = Array.isArray(answer.conversations) ? answer.conversations : [];
  const answered = `The chat service answered with ${recordCount(conversations.length)}.`;
  const first = conversations[0];
  return (
    <>
      {kind === "saved" ? (
        <Alert tone="success">{`Tags saved. ${answered}`}</Alert>
      ) : first ? (
        <Alert tone="success">{`Current tags loaded: ${tagCount(Array.isArray(first.tags) ? first.tags.length : 0)}. ${answered}`}</Alert>
      ) : (
        <Alert tone="warning">{`${answered} The tags in the form were left as they were.`}</Alert>
      )}
      {conversations.map((conversation, index) => (
        <ConversationRecord key={index} conversation={conversation} headingLevel={3} />
      ))}
      <RawJson value={answer.raw} />
    </>
  );
}
