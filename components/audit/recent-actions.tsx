import { AppLink } from "@/components/ui/app-link";
import type { AuditScope } from "@/lib/audit/query";
import type { AuditOperationRow } from "@/lib/audit/rows";
import { AuditTable } from "./audit-table";
import { auditHref } from "@/lib/url-state";

/** The latest operations that affected one UID (for support and moderators, their own), on the user's workspace. */
export function RecentActions({ uid, scope, rows }: { uid: string; scope: AuditScope; rows: AuditOperationRow[] }) {
  return (
    <section aria-labelledby="recent-actions-heading" className="space-y-3">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="recent-actions-heading" className="text-lg font-semibold">
          Recent actions on {uid}
        </h2>
        <AppLink href={auditHref({ uid })} className="text-sm text-brand-700 underline">
          All in the action log
        </AppLink>
      </div>
      {scope.kind === "own" && <p className="text-sm text-slate-600">Your own actions.</p>}
      <AuditTable rows={rows} caption={`Recent actions on ${uid}`} lead={uid} />
    </section>
  );
}
