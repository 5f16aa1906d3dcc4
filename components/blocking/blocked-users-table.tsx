import { AppLink } from "@/components/ui/app-link";
import { Pagination } from "@/components/ui/pagination";
import { StatusBadge } from "@/components/ui/status-badge";
import { DataTable, TableCell, TableRowHeader } from "@/components/ui/table";
import { UnixTime } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";
import type { BlockedUser } from "@/lib/chat-api/schemas";
import { BlockExpiry } from "./block-expiry";
import { Announcer } from "@/components/ui/announcer";
import { UnblockButton } from "./unblock-button";

type Pagination = { total: number; current_page: number; total_pages: number };

type BlockedUsersTableProps = {
  blocker: string;
  users: BlockedUser[];
  pagination: Pagination | undefined;
  canUnblock: boolean;
  /** When the console lifts each timed block (ISO time), by blocked UID. */
  expiries: Record<string, string>;
  canChangeExpiry: boolean;
  /** The URL of a page of this list. */
  href: (page: number) => string;
};

const CELL = "align-top";

/** The users `blocker` has blocked, one page of them, as the chat service listed them. */
export function BlockedUsersTable({
  blocker,
  users,
  pagination,
  canUnblock,
  expiries,
  canChangeExpiry,
  href,
}: BlockedUsersTableProps) {
  const headingId = `blocked-by-${blocker}-heading`;
  const total = pagination?.total ?? users.length;
  const current = pagination?.current_page ?? 1;
  const last = pagination?.total_pages ?? 1;

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

      <Announcer focusTargetId={headingId}>
        {users.length === 0 ? (
          <p className="mt-4 text-sm text-slate-700">
            {total > 0 ? (
              <>
                No blocked users on page {current}.{" "}
                <AppLink href={href(1)} className="text-brand-700 underline underline-offset-2">
                  Go to the first page
                </AppLink>
              </>
            ) : (
              "This user has not blocked anyone."
            )}
          </p>
        ) : (
          <DataTable
            className="mt-4"
            caption={`Users blocked by ${blocker}${last > 1 ? `, page ${current} of ${last}` : ""}`}
            captionSrOnly
            columns={[
              "UID",
              "Name",
              "Blocked at",
              "Ends",
              "Status",
              ...(canUnblock ? [{ label: "Actions", srOnly: true }] : []),
            ]}
          >
            {users.map((user) => (
              <tr key={user.uid}>
                <TableRowHeader className={CELL}>
                  <Uid uid={user.uid} oneLine />
                </TableRowHeader>
                <TableCell className={CELL}>{user.name}</TableCell>
                <TableCell className={CELL}>
                  <UnixTime seconds={user.blockedByMeAt ?? user.blockedAt} />
                </TableCell>
                <TableCell className={CELL}>
                  <BlockExpiry
                    blocker={blocker}
                    uid={user.uid}
                    expiresAt={expiries[user.uid]}
                    canChange={canChangeExpiry}
                  />
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
          </DataTable>
        )}
      </Announcer>

      <div className="mt-4">
        <Pagination
          label="Blocked users pages"
          pages={{ current, last, href }}
          previousLabel="Previous"
          nextLabel="Next"
          scroll={false}
        />
      </div>
    </section>
  );
}
