import Link from "next/link";
import type { AuditEvent } from "@/lib/audit/append";
import type { AuditRowState } from "@/lib/audit/rows";
import { AuditTime } from "./audit-time";
import { OutcomeBadge } from "./outcome-badge";

export type AuditRow = { entry: AuditEvent; state: AuditRowState };

/**
 * Entries of the log. A "requested" entry says whether its call completed, is still running, or
 * ended with no completion at all: outcome unknown.
 */
export function AuditTable({ rows, caption }: { rows: AuditRow[]; caption: string }) {
  if (rows.length === 0)
    return <p className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-600">No entries match.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              #
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Time (UTC)
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Actor
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Action
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Target UID
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              On behalf of
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Outcome
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Service answer
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(({ entry, state }) => (
            <tr key={entry.id}>
              <td className="px-3 py-2 font-mono text-xs text-slate-600">{entry.seq}</td>
              <td className="px-3 py-2">
                <AuditTime at={entry.occurredAt} />
              </td>
              <td className="px-3 py-2">
                <span className="block">{entry.actorEmail ?? "Unknown"}</span>
                {entry.actorRole && <span className="text-xs text-slate-500">{entry.actorRole}</span>}
              </td>
              <td className="px-3 py-2 font-mono text-xs">{entry.action}</td>
              <td className="px-3 py-2 font-mono text-xs">{entry.targetUid ?? ""}</td>
              <td className="px-3 py-2 font-mono text-xs">{entry.onBehalfOf ?? ""}</td>
              <td className="px-3 py-2">
                <OutcomeBadge outcome={state === "unknown" ? "unknown" : entry.outcome} />
                {state === "open" && <span className="ml-1 text-xs text-slate-500">in progress</span>}
              </td>
              <td className="px-3 py-2 font-mono text-xs">
                {[entry.httpStatus, entry.errorCode].filter((part) => part !== null && part !== undefined).join(" ")}
              </td>
              <td className="px-3 py-2">
                <Link
                  href={`/audit/${entry.id}`}
                  className="text-brand-700 underline"
                  aria-label={`Details of entry ${entry.seq}`}
                >
                  Details
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
