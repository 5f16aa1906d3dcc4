"use client";

import { useId } from "react";
import { CheckboxField } from "@/components/ui/field";
import { ReasonTextArea } from "@/components/ui/reason-dialog";
import { MIN_BREAK_GLASS_REASON } from "@/lib/incidents/limits";

type BreakGlassChoiceProps = {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  reason: string;
  onReasonChange: (reason: string) => void;
  error?: string;
};

/**
 * In the confirmation of a job past the approval threshold, an admin's choice to start it now without
 * a second operator ("break glass"), with the reason of its own that the log and the job's page keep.
 */
export function BreakGlassChoice({ checked, onCheckedChange, reason, onReasonChange, error }: BreakGlassChoiceProps) {
  const id = useId();
  return (
    <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3">
      <CheckboxField
        id={`${id}-on`}
        label="Start without approval (break glass)"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      {checked && (
        <ReasonTextArea
          id={`${id}-reason`}
          label="Why this cannot wait for a second operator"
          hint={`At least ${MIN_BREAK_GLASS_REASON} characters. Recorded in the action log and shown on the job's page and to every admin.`}
          value={reason}
          error={error}
          onChange={onReasonChange}
        />
      )}
    </div>
  );
}
