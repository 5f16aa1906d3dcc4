import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { DataTable, TableCell, TableRowHeader } from "@/components/ui/table";
import { formatCount } from "@/lib/format/numbers";
import type { GroupSearchView } from "@/lib/groups/queries";
import { groupHref } from "@/lib/url-state";

/** The groups a search found, beside its users: each a link to the group's page. Nothing when none matched. */
export function GroupSearchResults({ search, view }: { search: string; view: GroupSearchView }) {
  if ("error" in view) return <Alert tone="error">Groups could not be searched: {view.error}</Alert>;
  if (view.groups.length === 0) return null;
  return (
    <section aria-labelledby="group-results-heading" className="space-y-3">
      <h2 id="group-results-heading" className="text-lg font-semibold">
        {formatCount(view.total)} {view.total === 1 ? "group matches" : "groups match"} “{search}”
        {view.total > view.groups.length ? ` (the first ${view.groups.length} shown)` : ""}
      </h2>
      <DataTable caption={`Groups matching “${search}”`} captionSrOnly columns={["Group", "GUID", "Type", "Members"]}>
        {view.groups.map((group) => (
          <tr key={group.guid}>
            <TableRowHeader>
              <Link
                href={groupHref(group.guid)}
                className="font-medium [overflow-wrap:anywhere] text-brand-700 underline underline-offset-2"
              >
                {group.name || group.guid}
              </Link>
            </TableRowHeader>
            <TableCell>
              <span className="inline-flex items-center gap-1">
                <span className="font-mono text-xs [overflow-wrap:anywhere]">{group.guid}</span>
                <CopyButton value={group.guid} label={`Copy GUID ${group.guid}`} />
              </span>
            </TableCell>
            <TableCell>{group.type ?? "Not given"}</TableCell>
            <TableCell className="tabular-nums">{group.membersCount ?? "Not given"}</TableCell>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
