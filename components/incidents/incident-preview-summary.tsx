import { useId } from "react";
import { Alert } from "@/components/ui/alert";
import type { IncidentPreview } from "@/lib/incidents/actions/preview-incident";
import { MAX_INCIDENT_UIDS } from "@/lib/incidents/limits";
import { formatCount } from "@/lib/format/numbers";

/** Past this many, invalid entries are counted but not listed: a pasted file of junk must not freeze the page. */
const INVALID_LISTED = 1000;

/** What a job would do with the list, before anything is sent. */
export function IncidentPreviewSummary({ preview }: { preview: IncidentPreview }) {
  const headingId = useId();
  const { blocker, toBlock, alreadyBlocked, invalid, duplicates, selfExcluded, overLimit } = preview;
  const valid = toBlock.length + alreadyBlocked.length;
  const rows = [
    { label: "To block", value: toBlock.length },
    { label: `Already blocked by ${blocker.uid} (not sent)`, value: alreadyBlocked.length },
    { label: "Invalid (left out)", value: invalid.length },
    { label: "Duplicates merged", value: duplicates },
  ];

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        Preview
      </h3>
      <p className="text-sm text-slate-700">
        On behalf of {blocker.name && blocker.name !== blocker.uid ? `${blocker.name} ` : ""}(
        <span className="font-mono break-all">{blocker.uid}</span>)
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-slate-700">{row.label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{formatCount(row.value)}</dd>
          </div>
        ))}
      </dl>
      {selfExcluded && (
        <p className="text-sm text-amber-900">
          {blocker.uid} is the blocker and was left out: a user cannot block themselves.
        </p>
      )}
      {preview.needsApproval && !overLimit && (
        <Alert tone="warning" title="Needs a second operator's approval">
          {formatCount(toBlock.length)} to block is more than {formatCount(preview.approvalThreshold)}: after you
          confirm, the job waits until another moderator or admin approves it. Nothing is sent before.
        </Alert>
      )}
      {overLimit && (
        <Alert tone="error" title="Too many UIDs for one job">
          The list has {formatCount(valid)} valid UIDs; one job takes at most {formatCount(MAX_INCIDENT_UIDS)}. Split
          the list and start a job for each part.
        </Alert>
      )}
      {invalid.length > 0 && (
        <details className="rounded-md border border-red-200 bg-white">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-red-800">
            Invalid entries ({formatCount(invalid.length)})
          </summary>
          {/* Focusable, so that the list scrolls from the keyboard too. */}
          <ul
            tabIndex={0}
            aria-label="Invalid entries and why"
            className="max-h-72 space-y-1 overflow-y-auto px-3 pb-3 text-sm text-red-800"
          >
            {invalid.slice(0, INVALID_LISTED).map((entry, index) => (
              <li key={index}>
                <span className="font-mono break-all">{entry.uid}</span>: {entry.problem}
              </li>
            ))}
            {invalid.length > INVALID_LISTED && (
              <li className="text-slate-700">and {formatCount(invalid.length - INVALID_LISTED)} more, not listed.</li>
            )}
          </ul>
        </details>
      )}
    </section>
  );
}
