import { Pagination } from "@/components/ui/pagination";
import { SearchResults } from "@/components/ui/search-results";
import { StatusBadge } from "@/components/ui/status-badge";
import { TableCell } from "@/components/ui/table";
import { Uid, userHref } from "@/components/ui/uid";
import type { ChatUser, Pagination as PageInfo } from "@/lib/chat-api";

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
  return (
    <SearchResults
      id="search-results-heading"
      search={search}
      noun={["user", "users"]}
      total={pagination?.total ?? users.length}
      columns={["Name", "UID", "Status", "Role"]}
      rows={users.map((user) => ({
        key: user.uid,
        name: user.name || user.uid,
        href: userHref(user.uid),
        cells: (
          <>
            <TableCell>
              <Uid uid={user.uid} oneLine />
            </TableCell>
            <TableCell>
              <StatusBadge status={user.status} />
            </TableCell>
            <TableCell>{user.role ?? <span className="text-slate-500">Not given</span>}</TableCell>
          </>
        ),
      }))}
    >
      {pagination && (
        <Pagination
          label="Search result pages"
          pages={{ current: pagination.current_page, last: Math.max(1, pagination.total_pages), href }}
        />
      )}
    </SearchResults>
  );
}
