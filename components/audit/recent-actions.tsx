import Link from "next/link";
import { listAuditEvents, type AuditScope } from "@/lib/audit/query";
import { withOperationStates } from "@/lib/audit/rows";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { AuditTable } from "./audit-table";

const RECENT = 10;

/** The latest entries of the log on one UID (for support and moderators, their own), on the user's workspace. */
export async function RecentActions({ uid, scope }: { uid: string; scope: AuditScope }) {
  const db = await getDb();
  const filter = {
    targetUid: uid,
    actor: undefined,
    action: undefined,
    outcome: undefined,
    from: undefined,
    to: undefined,
  };
  const page = await listAuditEvents(db, filter, scope, { limit: RECENT });
  const rows = await withOperationStates(db, page.entries, getEnv().chatApiTimeoutMs);
  return (
    <section aria-labelledby="recent-actions-heading" className="space-y-3">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="recent-actions-heading" className="text-lg font-semibold">
          Recent actions on {uid}
        </h2>
        <Link href={`/audit?targetUid=${encodeURIComponent(uid)}`} className="text-sm text-brand-700 underline">
          All in the action log
        </Link>
      </div>
      {scope.kind === "own" && <p className="text-sm text-slate-600">Your own actions.</p>}
      <AuditTable rows={rows} caption={`Recent actions on ${uid}`} />
    </section>
  );
}
