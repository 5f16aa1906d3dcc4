import Link from "next/link";
import { Pagination } from "@/components/ui/pagination";
import { StatusBadge } from "@/components/ui/status-badge";
import { DataTable, TableCell, TableRowHeader } from "@/components/ui/table";
import { Uid, userHref } from "@/components/ui/uid";
import type { ChatUser, Pagination as PageInfo } from "@/lib/chat-api";
import { formatCount } from "@/lib/format/numbers";

type UserSearchResultsProps = {
  search: string;
  users: ChatUser[];
  pagination: PageInfo | undefined;
  href: (page: number) => string;
};

/** The users a search found: each named by a link to their workspace. */
export function UserSearchResults({ search, users, pagination, href }: UserSearchResultsProps) {
  if (users.length === 0)
    return (
      <p role="status" className="rounded-md border border-slate-200 bg-white p-4 text-sm text-slate-700">
        No user&apos;s name or UID starts with “{search}”.
      </p>
    );
  const total = pagination?.total ?? users.length;
  return (
    <section aria-labelledby="search-results-heading" className="space-y-3">
      <h2 id="search-results-heading" className="text-lg font-semibold">
        {formatCount(total)} {total === 1 ? "user matches" : "users match"} “{search}”
      </h2>
      <DataTable caption={`Users matching “${search}”`} captionSrOnly columns={["Name", "UID", "Status", "Role"]}>
        {users.map((user) => (
          <tr key={user.uid}>
            <TableRowHeader>
              <Link
                href={userHref(user.uid)}
                className="font-medium [overflow-wrap:anywhere] text-brand-700 underline underline-offset-2"
              >
                {user.name || user.uid}
              </Link>
            </TableRowHeader>
            <TableCell>
              <Uid uid={user.uid} oneLine />
            </TableCell>
            <TableCell>
              <StatusBadge status={user.status} />
            </TableCell>
            <TableCell>{user.role ?? <span className="text-slate-500">Not given</span>}</TableCell>
          </tr>
        ))}
      </DataTable>
      {pagination && (
        <Pagination
          label="Search result pages"
          pages={{ current: pagination.current_page, last: Math.max(1, pagination.total_pages), href }}
        />
      )}
    </section>
  );
}
