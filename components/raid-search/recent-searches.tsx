import { AppLink } from "@/components/ui/app-link";
import { DataTable, EmptyTable, TableCell, type Column } from "@/components/ui/table";
import { Time } from "@/components/ui/time";
import { formatCount } from "@/lib/format/numbers";
import type { RaidSearch } from "@/lib/raid-search/store";
import { hrefOf } from "@/lib/url-state";

const COLUMNS: Column[] = ["Started", "Where", "Status", "Messages read", "Matching", "Started by", "Results"];

const whereOf = (search: RaidSearch) =>
  search.criteria.where.kind === "group"
    ? search.criteria.where.guid
    : search.criteria.where.kind === "user"
      ? `direct messages of ${search.criteria.where.uid}`
      : "the whole app";

/** The latest searches, newest first, each a link to its senders. */
export function RecentSearches({ searches }: { searches: RaidSearch[] }) {
  if (searches.length === 0) return <EmptyTable>No search yet.</EmptyTable>;
  return (
    <DataTable caption="Recent searches, newest first" captionSrOnly columns={COLUMNS}>
      {searches.map((search) => (
        <tr key={search.id}>
          <TableCell className="font-mono text-xs">
            <Time at={search.createdAt} />
          </TableCell>
          <TableCell className="break-all">{whereOf(search)}</TableCell>
          <TableCell>{search.status}</TableCell>
          <TableCell className="tabular-nums">{formatCount(search.scanned)}</TableCell>
          <TableCell className="tabular-nums">{formatCount(search.matched)}</TableCell>
          <TableCell className="break-all">{search.createdByEmail}</TableCell>
          <TableCell>
            <AppLink
              href={hrefOf("/incidents", { search: search.id }, "#find-accounts")}
              className="text-brand-700 underline"
            >
              Senders<span className="sr-only"> of the search started at {search.createdAt.toISOString()}</span>
            </AppLink>
          </TableCell>
        </tr>
      ))}
    </DataTable>
  );
}
