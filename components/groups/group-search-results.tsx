import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";
import { SearchResults } from "@/components/ui/search-results";
import { TableCell } from "@/components/ui/table";
import type { GroupSearchView } from "@/lib/groups/queries";
import { groupHref } from "@/lib/url-state";

/** The groups a search found, beside its users: each a link to the group's page. Nothing when none matched. */
export function GroupSearchResults({ search, view }: { search: string; view: GroupSearchView }) {
  if ("error" in view) return <Alert tone="error">Groups could not be searched: {view.error}</Alert>;
  if (view.groups.length === 0) return null;
  return (
    <SearchResults
      id="group-results-heading"
      search={search}
      noun={["group", "groups"]}
      total={view.total}
      note={view.total > view.groups.length ? `(the first ${view.groups.length} shown)` : undefined}
      columns={["Group", "GUID", "Type", "Members"]}
      rows={view.groups.map((group) => ({
        key: group.guid,
        name: group.name || group.guid,
        href: groupHref(group.guid),
        cells: (
          <>
            <TableCell>
              <span className="inline-flex items-center gap-1">
                <span className="font-mono text-xs [overflow-wrap:anywhere]">{group.guid}</span>
                <CopyButton value={group.guid} label={`Copy GUID ${group.guid}`} />
              </span>
            </TableCell>
            <TableCell>{group.type ?? "Not given"}</TableCell>
            <TableCell className="tabular-nums">{group.membersCount ?? "Not given"}</TableCell>
          </>
        ),
      }))}
    />
  );
}
