"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import type { ActionResult } from "@/lib/actions/define-action";
import { previewIncidentAction, type IncidentPreview } from "@/lib/actions/incidents";
import { incidentFormSchema, MAX_INCIDENT_UIDS, type IncidentFormInput } from "@/lib/schemas/incident";
import { ActionFailure } from "./action-failure";
import { formatCount } from "./format";
import { IncidentPreviewSummary } from "./incident-preview-summary";
import { StartBlockingDialog, type StartRequest } from "./start-blocking-dialog";
import { UidFileField } from "./uid-file-field";

type IncidentFormOutput = z.output<typeof incidentFormSchema>;
type Failure = Extract<ActionResult<unknown>, { ok: false }>;
/** A preview with the text and blocker, as typed, that it was made from. */
type Previewed = { blocker: string; text: string; preview: IncidentPreview };

const UNANSWERED =
  "The console's server did not answer, so there is no preview. Check the connection and preview again.";

// aria-disabled rather than disabled keeps the pressed button focused while the call runs.
const BUSY = "aria-disabled:cursor-not-allowed aria-disabled:opacity-70";

/** The fields the form shows an error of its own on; the rest go in the alert. */
const FORM_FIELDS = ["blocker", "text"] as const;

/**
 * Incident mode: a list of up to 10,000 UIDs to block on behalf of one user, previewed before
 * anything is sent, then started as a background job after a confirmation.
 */
export function IncidentForm() {
  const id = useId();
  const {
    control,
    formState: { errors },
    clearErrors,
    getValues,
    handleSubmit,
    register,
    setError,
    setValue,
  } = useForm<IncidentFormInput, unknown, IncidentFormOutput>({
    resolver: zodResolver(incidentFormSchema),
    defaultValues: { blocker: "", reason: "", text: "" },
  });
  const [blocker, text] = useWatch({ control, name: ["blocker", "text"] });
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [starting, setStarting] = useState<StartRequest | null>(null);

  // A preview says what would happen to the list it was made of: once the list or blocker changes, it says nothing.
  const preview = previewed && previewed.blocker === blocker && previewed.text === text ? previewed.preview : null;
  const stale = previewed !== null && preview === null;
  const startable = preview !== null && !preview.overLimit && preview.toBlock.length > 0;

  async function requestPreview(values: IncidentFormOutput) {
    if (previewing) return;
    const typed = getValues();
    setPreviewing(true);
    setFailure(null);
    setPreviewed(null);
    let answer: ActionResult<IncidentPreview>;
    try {
      answer = await previewIncidentAction({ blocker: values.blocker, text: values.text });
    } catch {
      answer = { ok: false, message: UNANSWERED };
    }
    setPreviewing(false);
    if (answer.ok) {
      setPreviewed({ blocker: typed.blocker, text: typed.text, preview: answer.data });
      return;
    }
    const { blocker: blockerErrors, text: textErrors, ...otherErrors } = answer.fieldErrors ?? {};
    const fieldMessages = { blocker: blockerErrors, text: textErrors };
    const invalid = FORM_FIELDS.filter((field) => fieldMessages[field]?.length);
    invalid.forEach((field, index) =>
      setError(field, { type: "server", message: fieldMessages[field]!.join(" ") }, { shouldFocus: index === 0 }),
    );
    setFailure({ ...answer, fieldErrors: otherErrors });
  }

  function requestStart(values: IncidentFormOutput) {
    if (!preview || !startable) return;
    setStarting({
      blocker: values.blocker,
      reason: values.reason,
      uids: [...preview.toBlock, ...preview.alreadyBlocked],
      toBlock: preview.toBlock.length,
      alreadyBlocked: preview.alreadyBlocked.length,
    });
  }

  let status = "";
  if (previewing) status = "Previewing…";
  else if (preview) status = `Preview ready: ${formatCount(preview.toBlock.length)} to block.`;
  else if (stale) status = "The list or the blocker changed after the preview. Preview again before starting.";

  return (
    <>
      <form noValidate onSubmit={(event) => void handleSubmit(requestPreview)(event)} className="space-y-4">
        <TextField
          id={`${id}-blocker`}
          label="On behalf of"
          hint="UID of the user who blocks every UID of the list."
          error={errors.blocker?.message}
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          {...register("blocker")}
        />
        <TextAreaField
          id={`${id}-reason`}
          label="Reason"
          hint="Required. Recorded in the action log with every call of the job."
          error={errors.reason?.message}
          required
          rows={2}
          {...register("reason")}
        />
        <TextAreaField
          id={`${id}-text`}
          label="UIDs to block"
          hint={`Separate UIDs with new lines, commas or spaces; at most ${formatCount(MAX_INCIDENT_UIDS)}.`}
          error={errors.text?.message}
          required
          rows={8}
          spellCheck={false}
          autoCapitalize="none"
          autoComplete="off"
          className="font-mono"
          {...register("text")}
        />
        <UidFileField
          id={`${id}-file`}
          onLoad={(lines) => {
            setValue("text", lines.join("\n"), { shouldDirty: true });
            clearErrors("text");
          }}
        />
        <Button type="submit" variant="secondary" aria-disabled={previewing || undefined} className={BUSY}>
          {previewing ? "Previewing…" : "Preview"}
        </Button>
      </form>

      <div className="mt-6 space-y-4">
        {/* Kept in the page while empty: readers miss text added to a region that just appeared. */}
        <div role="status" className="text-sm font-medium text-slate-900">
          {status}
        </div>
        {failure && <ActionFailure message={failure.message} fieldErrors={failure.fieldErrors} />}
        {preview && (
          <>
            <IncidentPreviewSummary preview={preview} />
            {startable ? (
              <Button variant="danger" onClick={() => void handleSubmit(requestStart)()}>
                Start blocking
              </Button>
            ) : (
              !preview.overLimit && (
                <p className="text-sm text-slate-700">Nothing to block: no UID of the list is left to send.</p>
              )
            )}
          </>
        )}
      </div>

      <StartBlockingDialog request={starting} onClose={() => setStarting(null)} />
    </>
  );
}
