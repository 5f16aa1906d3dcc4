import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableColumnHeader,
  TableHead,
  TableRowHeader,
} from "@/components/ui/table";
import { UnixTime } from "@/components/ui/unix-time";
import type { BlockedUser } from "@/lib/chat-api/schemas";
import { UnblockAnnouncer } from "./unblock-announcer";
import { UnblockButton } from "./unblock-button";

type Pagination = { total: number; current_page: number; total_pages: number };

type BlockedUsersTableProps = {
  blocker: string;
  users: BlockedUser[];
  pagination: Pagination | undefined;
  canUnblock: boolean;
  /** Search parameter that carries the page number, for example "blockedPage". */
  pageParam: string;
  /** Path the page links point to, for example "/users/cometchat-uid-1". */
  basePath: string;
};

/** Pages shown on either side of the current one; the first and the last are always linked. */
const PAGE_WINDOW = 1;

const CELL = "align-top";
const HEADER_CELL = "text-slate-700";
const PAGE_LINK =
  "inline-flex min-w-8 items-center justify-center rounded-md px-2 py-1 text-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

function pageItems(current: number, last: number): (number | "gap")[] {
  const items: (number | "gap")[] = [];
  for (let page = 1; page <= last; page += 1) {
    if (page === 1 || page === last || Math.abs(page - current) <= PAGE_WINDOW) items.push(page);
    else if (items.at(-1) !== "gap") items.push("gap");
  }
  return items;
}

function StatusBadge({ status }: { status: string | undefined }) {
  if (!status) return <span className="text-slate-500">Not given</span>;
  return <Badge tone={status === "online" ? "success" : "neutral"}>{status}</Badge>;
}

/** The users `blocker` has blocked, one page of them, as the chat service listed them. */
export function BlockedUsersTable({
  blocker,
  users,
  pagination,
  canUnblock,
  pageParam,
  basePath,
}: BlockedUsersTableProps) {
  const headingId = `blocked-by-${blocker}-heading`;
  const total = pagination?.total ?? users.length;
  const current = pagination?.current_page ?? 1;
  const last = pagination?.total_pages ?? 1;
  const href = (page: number) => `${basePath}?${new URLSearchParams({ [pageParam]: String(page) })}`;

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} tabIndex={-1} className="text-lg font-medium text-slate-900">
        Blocked by this user
      </h2>
      {total > 0 && (
        <p className="mt-1 text-sm text-slate-600">
          {total} {total === 1 ? "user" : "users"} blocked by <span className="font-mono">{blocker}</span>.
        </p>
      )}

      <UnblockAnnouncer focusTargetId={headingId}>
        {users.length === 0 ? (
          <p className="mt-4 text-sm text-slate-700">
            {total > 0 ? (
              <>
                No blocked users on page {current}.{" "}
                <Link href={href(1)} className="text-brand-700 underline underline-offset-2">
                  Go to the first page
                </Link>
              </>
            ) : (
              "This user has not blocked anyone."
            )}
          </p>
        ) : (
          <Table className="mt-4 w-full table-auto text-left">
            <TableCaption srOnly>
              Users blocked by {blocker}
              {last > 1 ? `, page ${current} of ${last}` : ""}
            </TableCaption>
            <TableHead>
              <tr>
                <TableColumnHeader className={HEADER_CELL}>UID</TableColumnHeader>
                <TableColumnHeader className={HEADER_CELL}>Name</TableColumnHeader>
                <TableColumnHeader className={HEADER_CELL}>Blocked at</TableColumnHeader>
                <TableColumnHeader className={HEADER_CELL}>Status</TableColumnHeader>
                {canUnblock && (
                  <TableColumnHeader className={HEADER_CELL}>
                    <span className="sr-only">Actions</span>
                  </TableColumnHeader>
                )}
              </tr>
            </TableHead>
            <TableBody>
              {users.map((user) => (
                <tr key={user.uid}>
                  <TableRowHeader className={`${CELL} font-mono break-all`}>{user.uid}</TableRowHeader>
                  <TableCell className={CELL}>{user.name}</TableCell>
                  <TableCell className={CELL}>
                    <UnixTime seconds={user.blockedByMeAt ?? user.blockedAt} />
                  </TableCell>
                  <TableCell className={CELL}>
                    <StatusBadge status={user.status} />
                  </TableCell>
                  {canUnblock && (
                    <TableCell className={`${CELL} text-right`}>
                      <UnblockButton blocker={blocker} uid={user.uid} name={user.name} />
                    </TableCell>
                  )}
                </tr>
              ))}
            </TableBody>
          </Table>
        )}
      </UnblockAnnouncer>

      {last > 1 && (
        <nav aria-label="Blocked users pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700">
            Page {current} of {last}
          </p>
          <ul className="flex flex-wrap items-center gap-1">
            <li>
              {current > 1 ? (
                <Link href={href(current - 1)} scroll={false} className={buttonClasses("secondary", "sm")}>
                  Previous
                </Link>
              ) : (
                <span aria-disabled="true" className={`${buttonClasses("secondary", "sm")} text-slate-400`}>
                  Previous
                </span>
              )}
            </li>
            {pageItems(current, last).map((item, index) =>
              item === "gap" ? (
                <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
                  …
                </li>
              ) : (
                <li key={item}>
                  <Link
                    href={href(item)}
                    scroll={false}
                    aria-current={item === current ? "page" : undefined}
                    className={`${PAGE_LINK} ${item === current ? "bg-brand-600 font-semibold text-white" : "text-slate-800 hover:bg-slate-100"}`}
                  >
                    <span className="sr-only">Page </span>
                    {item}
                  </Link>
                </li>
              ),
            )}
            <li>
              {current < last ? (
                <Link href={href(current + 1)} scroll={false} className={buttonClasses("secondary", "sm")}>
                  Next
                </Link>
              ) : (
                <span aria-disabled="true" className={`${buttonClasses("secondary", "sm")} text-slate-400`}>
                  Next
                </span>
              )}
            </li>
          </ul>
        </nav>
      )}
    </section>
  );
}
