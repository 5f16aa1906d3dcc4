import { AppLink } from "@/components/ui/app-link";
import type { ReactNode } from "react";
import { Fact, Facts } from "@/components/ui/facts";
import { RawJson } from "@/components/ui/raw-json";
import { UidOutcomeTable } from "@/components/ui/uid-outcome-table";
import { Uid } from "@/components/ui/uid";
import type { AuditEvent } from "@/lib/audit/append";
import { Time } from "@/components/ui/time";
import { OutcomeBadge } from "@/components/ui/outcome-badge";
import { auditHref } from "@/lib/url-state";

type UidOutcomes = Record<string, { outcome?: unknown; message?: unknown }>;

function uidOutcomesOf(summary: unknown): UidOutcomes | undefined {
  if (!summary || typeof summary !== "object") return undefined;
  const outcomes = (summary as { outcomes?: unknown }).outcomes;
  return outcomes && typeof outcomes === "object" ? (outcomes as UidOutcomes) : undefined;
}

type ChangeSet = Record<string, { old?: unknown; new?: unknown }>;

/** Every change is recorded as `changeSet: { field: { old, new } }`, tags and operators alike. */
function changeSetOf(summary: unknown): ChangeSet | undefined {
  if (!summary || typeof summary !== "object") return undefined;
  const changeSet = (summary as { changeSet?: unknown }).changeSet;
  return changeSet && typeof changeSet === "object" ? (changeSet as ChangeSet) : undefined;
}

/** Where a change's null is no value at all rather than one not known: a note before it was added, after its deletion. */
const NULL_IS_NONE = new Set(["user.note.add", "user.note.edit", "user.note.delete"]);

const shown = (value: unknown, nothing = "not known") =>
  value === null || value === undefined
    ? nothing
    : Array.isArray(value)
      ? value.length > 0
        ? value.join(", ")
        : "none"
      : String(value);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Fact term={label} className="break-all">
      {children ?? <span className="text-slate-500">None</span>}
    </Fact>
  );
}

/** One entry of the log in full: every field, the per-UID outcomes of a block, and the raw JSON. */
export function AuditEntryDetail({ entry }: { entry: AuditEvent }) {
  const outcomes = uidOutcomesOf(entry.summary);
  const changes = changeSetOf(entry.summary);
  const nothing = NULL_IS_NONE.has(entry.action) ? "none" : "not known";
  const conversationId = (entry.summary as { conversationId?: unknown } | null)?.conversationId;
  return (
    <section
      aria-labelledby={`entry-${entry.seq}`}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={`entry-${entry.seq}`} className="text-lg font-semibold">
        Entry #{entry.seq}: {entry.action} <OutcomeBadge outcome={entry.outcome} />
      </h2>
      <Facts dense>
        <Row label="Time">
          <Time at={entry.occurredAt} precision="milliseconds" />
        </Row>
        <Row label="Entry id">{entry.id}</Row>
        <Row label="Operation id">{entry.operationId}</Row>
        <Row label="Actor">
          {entry.actorEmail && (
            <>
              <AppLink href={auditHref({ actor: entry.actorEmail })} className="text-brand-700 underline">
                {entry.actorEmail}
              </AppLink>
              {entry.actorRole ? ` (${entry.actorRole})` : ""}
            </>
          )}
        </Row>
        <Row label="Actor id">{entry.actorId}</Row>
        <Row label="Target UID">{entry.targetUid && <Uid uid={entry.targetUid} />}</Row>
        <Row label="On behalf of">{entry.onBehalfOf && <Uid uid={entry.onBehalfOf} />}</Row>
        <Row label="Reason">{entry.reason}</Row>
        <Row label="HTTP status">{entry.httpStatus}</Row>
        <Row label="Error code">{entry.errorCode}</Row>
        <Row label="Duration">{entry.durationMs === null ? null : `${entry.durationMs} ms`}</Row>
        <Row label="Client IP">{entry.ip}</Row>
        <Row label="User agent">{entry.userAgent}</Row>
        <Row label="Request id">{entry.requestId}</Row>
        <Row label="Hash">
          <span className="font-mono text-xs">{entry.hash}</span>
        </Row>
        <Row label="Previous hash">
          <span className="font-mono text-xs">{entry.prevHash}</span>
        </Row>
      </Facts>
      {changes && (
        <ul className="space-y-1 text-sm" aria-label="Changes">
          {typeof conversationId === "string" && <li>Conversation {conversationId}</li>}
          {Object.entries(changes).map(([field, change]) => (
            <li key={field} className="whitespace-pre-wrap">
              <span className="font-medium">{field}</span>: before <strong>{shown(change.old, nothing)}</strong>, after{" "}
              <strong>{shown(change.new, nothing)}</strong>
            </li>
          ))}
        </ul>
      )}
      {outcomes && (
        <UidOutcomeTable
          caption="Outcome per UID"
          rows={Object.entries(outcomes).map(([uid, outcome]) => ({
            uid,
            outcome: String(outcome.outcome ?? ""),
            message: String(outcome.message ?? ""),
          }))}
        />
      )}
      <RawJson value={{ ...entry, occurredAt: entry.occurredAt.toISOString() }} summary="Raw entry" />
    </section>
  );
}
