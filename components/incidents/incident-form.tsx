"use client";

import { MountOnceAsked } from "@/components/ui/mount-once-asked";
import { lazy, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField, UID_INPUT } from "@/components/ui/field";
import { useSchemaForm } from "@/components/ui/use-schema-form";
import { placeFieldErrors } from "@/lib/actions/field-errors";
import { previewIncidentAction, type IncidentPreview } from "@/lib/incidents/actions/preview-incident";
import { useServerAction } from "@/lib/actions/use-server-action";
import { MAX_INCIDENT_UIDS } from "@/lib/incidents/limits";
import type * as z from "@/lib/validation/zod";
import type { IncidentFormSchema } from "@/lib/incidents/schemas";
import { ActionFailure } from "@/components/ui/action-failure";
import { formatCount } from "@/lib/format/numbers";
import { IncidentPreviewSummary } from "./incident-preview-summary";
import type { StartRequest } from "./start-blocking-dialog";
import { UidFileField } from "./uid-file-field";

/** Loaded when first asked for, not with the page (MountOnceAsked). */
const StartBlockingDialog = lazy(() =>
  import("./start-blocking-dialog").then((module) => ({ default: module.StartBlockingDialog })),
);
const BreakGlassDialog = lazy(() =>
  import("./break-glass-dialog").then((module) => ({ default: module.BreakGlassDialog })),
);

/** The action's schema, loaded as the form is first used (useSchemaForm). */
const loadIncidentFormSchema = () => import("@/lib/incidents/schemas").then((schemas) => schemas.incidentFormSchema);

type IncidentFormOutput = z.output<IncidentFormSchema>;
/** A preview with the text and blocker, as typed, that it was made from. */
type Previewed = { blocker: string; text: string; preview: IncidentPreview };

const UNANSWERED =
  "The console's server did not answer, so there is no preview. Check the connection and preview again.";

/** The fields the form shows an error of its own on; the rest go in the alert. */
const FORM_FIELDS = ["blocker", "reason", "text"] as const;
const FIELD_LABELS = { blocker: "On behalf of", reason: "Reason", text: "UIDs to block", uids: "UIDs" };

/**
 * Incident mode: a list of up to 10,000 UIDs to block on behalf of one user, previewed before
 * anything is sent, then started as a background job after a confirmation.
 */
export function IncidentForm({ canBreakGlass }: { canBreakGlass: boolean }) {
  const id = useId();
  const form = useSchemaForm({ schema: loadIncidentFormSchema, defaultValues: { blocker: "", reason: "", text: "" } });
  const { clearError, getValues, handleSubmit, setError, setValue } = form;
  const { blocker, text } = form.values;
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const previewCall = useServerAction(previewIncidentAction, { unanswered: UNANSWERED });
  const [placed, setPlaced] = useState<string[]>([]);
  const previewing = previewCall.pending;
  const [starting, setStarting] = useState<StartRequest | null>(null);
  const [breakingGlass, setBreakingGlass] = useState<StartRequest | null>(null);

  // A preview says what would happen to the list it was made of: once the list or blocker changes, it says nothing.
  const preview = previewed && previewed.blocker === blocker && previewed.text === text ? previewed.preview : null;
  const stale = previewed !== null && preview === null;
  const startable = preview !== null && !preview.overLimit && preview.toBlock.length > 0;

  async function requestPreview(values: IncidentFormOutput) {
    const typed = getValues();
    setPreviewed(null);
    await previewCall.run({ blocker: values.blocker, text: values.text }, (answer) => {
      if (answer.ok) setPreviewed({ blocker: typed.blocker, text: typed.text, preview: answer.data });
      else setPlaced(placeFieldErrors(answer.fieldErrors, FORM_FIELDS, setError));
    });
  }

  function confirmation(values: IncidentFormOutput): StartRequest | null {
    if (!preview || !startable) return null;
    return {
      blocker: values.blocker,
      reason: values.reason,
      uids: [...preview.toBlock, ...preview.alreadyBlocked],
      toBlock: preview.toBlock.length,
      alreadyBlocked: preview.alreadyBlocked.length,
      preview: {
        invalid: preview.invalid.length,
        duplicates: preview.duplicates,
        selfExcluded: preview.selfExcluded,
      },
      needsApproval: preview.needsApproval,
      approvalThreshold: preview.approvalThreshold,
    };
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
          required
          {...UID_INPUT}
          {...form.field("blocker")}
        />
        <TextAreaField
          id={`${id}-reason`}
          label="Reason"
          hint="Required. Recorded in the action log with every call of the job."
          required
          rows={2}
          {...form.field("reason")}
        />
        <TextAreaField
          id={`${id}-text`}
          label="UIDs to block"
          hint={`Separate UIDs with new lines, commas or spaces; at most ${formatCount(MAX_INCIDENT_UIDS)}.`}
          required
          rows={8}
          {...UID_INPUT}
          {...form.field("text")}
        />
        <UidFileField
          id={`${id}-file`}
          onLoad={(lines) => {
            setValue("text", lines.join("\n"));
            clearError("text");
          }}
        />
        <Button type="submit" variant="secondary" busy={previewing}>
          {previewing ? "Previewing…" : "Preview"}
        </Button>
      </form>

      <div className="mt-6 space-y-4">
        {/* Kept in the page while empty: readers miss text added to a region that just appeared. */}
        <div role="status" className="text-sm font-medium text-slate-900">
          {status}
        </div>
        {previewCall.failure && (
          <ActionFailure failure={previewCall.failure} shownFields={placed} labels={FIELD_LABELS} />
        )}
        {preview && (
          <>
            <IncidentPreviewSummary preview={preview} />
            {startable ? (
              <div className="flex flex-wrap gap-3">
                <Button
                  variant="danger"
                  onClick={() => void handleSubmit((values) => setStarting(confirmation(values)))()}
                >
                  Start blocking
                </Button>
                {canBreakGlass && preview.needsApproval && (
                  <Button
                    variant="secondary"
                    onClick={() => void handleSubmit((values) => setBreakingGlass(confirmation(values)))()}
                  >
                    Start without approval
                  </Button>
                )}
              </div>
            ) : (
              !preview.overLimit && (
                <p className="text-sm text-slate-700">Nothing to block: no UID of the list is left to send.</p>
              )
            )}
          </>
        )}
      </div>

      <MountOnceAsked when={starting !== null}>
        <StartBlockingDialog request={starting} onClose={() => setStarting(null)} />
      </MountOnceAsked>
      {canBreakGlass && (
        <MountOnceAsked when={breakingGlass !== null}>
          <BreakGlassDialog request={breakingGlass} onClose={() => setBreakingGlass(null)} />
        </MountOnceAsked>
      )}
    </>
  );
}
