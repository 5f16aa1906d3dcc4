import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuditFilters } from "@/components/audit/audit-filters";
import { AuditTable } from "@/components/audit/audit-table";
import { CheckpointPanel } from "@/components/audit/checkpoint-panel";
import { VerifyChainButton } from "@/components/audit/verify-chain-button";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { auditSigner, latestCheckpoint } from "@/lib/audit/checkpoints";
import { verifierKeyText } from "@/lib/audit/checkpoint-note";
import { listAuditEvents } from "@/lib/audit/query";
import { listOperators } from "@/lib/auth/operators";
import { withOperationStates } from "@/lib/audit/rows";
import { auditScopeOf } from "@/lib/audit/scope";
import { can } from "@/lib/roles";
import { requireOperator } from "@/lib/auth/session";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { parseAuditSearchParams } from "@/lib/audit/schemas";
import { auditExportHref, auditHref, cursorOf, type SearchParams } from "@/lib/url-state";

export const metadata: Metadata = { title: "Action log" };

export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const operator = await requireOperator();
  const scope = auditScopeOf(operator);
  if (!scope) redirect("/");
  const params = await searchParams;
  const { form, result } = parseAuditSearchParams(params);
  const errors: Record<string, string | undefined> = {};
  if (!result.success) for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;

  const db = await getDb();
  const page = result.success
    ? await listAuditEvents(db, result.data, scope, {
        before: cursorOf(params.before),
      })
    : undefined;
  const rows = page ? await withOperationStates(db, page.entries, getEnv().chatApiTimeoutMs) : [];
  const canExport = can(operator.role, "audit.export");
  const readsAll = scope.kind === "all";
  const [operators, latest] = readsAll
    ? await Promise.all([listOperators(db), latestCheckpoint(db)])
    : [undefined, undefined];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Action log</h1>
          <p className="mt-1 text-sm text-slate-600">
            {scope.kind === "all"
              ? "Every action taken through the console, newest first. Entries cannot be changed, and each carries the hash of the one before it."
              : "Your own actions, newest first."}
          </p>
        </div>
        {readsAll && <VerifyChainButton />}
      </div>

      {readsAll && (
        <CheckpointPanel
          publicKey={verifierKeyText(auditSigner())}
          latest={latest ? { size: latest.size, signedAt: latest.signedAt } : null}
          canSign={can(operator.role, "audit.read.all")}
        />
      )}

      <AuditFilters values={form} errors={errors} operators={operators?.map(({ name, email }) => ({ name, email }))} />
      {!result.success && <Alert tone="error">Some filters are not valid; fix them to see entries.</Alert>}

      {canExport && result.success && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-slate-700">Export what this filter shows:</span>
          <a href={auditExportHref(form, "csv")} className={buttonClasses("secondary", "sm")} download>
            Export CSV
          </a>
          <a href={auditExportHref(form, "ndjson")} className={buttonClasses("secondary", "sm")} download>
            Export NDJSON
          </a>
        </div>
      )}

      {page && (
        <AuditTable
          rows={rows}
          caption="Entries of the action log, newest first, one row per operation"
          lead={result.success ? result.data.uid : undefined}
        />
      )}

      {page && (
        <Pagination
          label="Action log pages"
          previous={params.before ? auditHref(form) : null}
          previousLabel="Newest entries"
          next={page.nextBefore !== null ? auditHref({ ...form, before: page.nextBefore }) : null}
          nextLabel="Older entries"
        />
      )}
    </div>
  );
}
