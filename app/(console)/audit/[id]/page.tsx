import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { notFound, redirect } from "next/navigation";
import { AuditEntryDetail } from "@/components/audit/audit-entry-detail";
import { jobIdOf } from "@/components/audit/job-link";
import { Alert } from "@/components/ui/alert";
import { Uid } from "@/components/ui/uid";
import { affectedUidsOf, getAuditEvent, isOutcomeUnknown, operationEntries } from "@/lib/audit/query";
import { auditScopeOf } from "@/lib/audit/scope";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { formatCount } from "@/lib/format/numbers";
import { auditHref } from "@/lib/url-state";

export const metadata: Metadata = { title: "Action log entry" };

/** The operation that set the expiry an entry carries out, as its request names it. */
function setByOperationOf(entry: { action: string; requestBody: unknown }): string | undefined {
  if (entry.action !== "users.block.expire") return undefined;
  const id = (entry.requestBody as { setByOperationId?: unknown } | null)?.setByOperationId;
  return typeof id === "string" && UUID.test(id) ? id : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An operation: its entries (what was requested, and how it ended), every UID it affected, and what it belongs to. */
export default async function AuditEntryPage({ params }: { params: Promise<{ id: string }> }) {
  const operator = await requireOperator();
  const scope = auditScopeOf(operator);
  if (!scope) redirect("/");
  const { id } = await params;
  if (!UUID.test(id)) notFound();
  const db = await getDb();
  const entry = await getAuditEvent(db, id);
  if (!entry || (scope.kind === "own" && entry.actorId !== scope.actorId)) notFound();

  const entries = await operationEntries(db, entry.operationId);
  const first = entries[0] ?? entry;
  const requested = entries.find((item) => item.outcome === "requested");
  const completion = entries.find((item) => item.outcome !== "requested");
  const unknown = requested && isOutcomeUnknown(requested, completion, getEnv().chatApiTimeoutMs);
  const affected = await affectedUidsOf(db, first.seq);
  const jobId = jobIdOf(completion) ?? jobIdOf(first);
  // An expiry is the console's own operation; it links the operator's operation that set it.
  const setBy = setByOperationOf(first);
  const [setByEntry] = setBy ? await operationEntries(db, setBy) : [];

  return (
    <div className="space-y-6">
      <div>
        <AppLink href="/audit" className="text-sm text-brand-700 underline">
          Back to the action log
        </AppLink>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">
          Operation {entry.operationId}: {first.action}
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {entries.length === 1 ? "One entry." : `${entries.length} entries: the request, then how it ended.`}
        </p>
        <p className="mt-2 flex flex-wrap gap-4 text-sm">
          {jobId && (
            <AppLink href={`/incidents/${jobId}`} className="text-brand-700 underline">
              The job&apos;s page
            </AppLink>
          )}
          {first.action === "incident.job.start" && (
            <AppLink href={auditHref({ job: first.operationId })} className="text-brand-700 underline">
              The job&apos;s calls
            </AppLink>
          )}
          {setByEntry && (
            <AppLink href={`/audit/${setByEntry.id}`} className="text-brand-700 underline">
              The operation that set this expiry ({setByEntry.actorEmail ?? "the console"}: {setByEntry.action})
            </AppLink>
          )}
          {first.parentOperationId && (
            <AppLink href={auditHref({ job: first.parentOperationId })} className="text-brand-700 underline">
              The other calls of this job
            </AppLink>
          )}
        </p>
      </div>
      {unknown && (
        <Alert tone="warning" title="Outcome unknown">
          The request was recorded, but no outcome was, and the call cannot still be running: what the chat service did
          is not known. Check the user&apos;s state before acting again.
        </Alert>
      )}
      {affected.length > 0 && (
        <section aria-labelledby="affected-uids" className="space-y-2">
          <h2 id="affected-uids" className="text-lg font-semibold">
            Affected UIDs ({formatCount(affected.length)})
          </h2>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {affected.map((uid) => (
              <li key={uid}>
                <Uid uid={uid} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {entries.map((item) => (
        <AuditEntryDetail key={item.id} entry={item} />
      ))}
    </div>
  );
}
