import { Alert } from "@/components/ui/alert";
import { Announcer } from "@/components/ui/announcer";
import { Badge } from "@/components/ui/badge";
import { Pagination } from "@/components/ui/pagination";
import { DataTable, EmptyTable, TableCell, TableRowHeader } from "@/components/ui/table";
import { UnixTime } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";
import type { GroupUsersView } from "@/lib/groups/queries";
import { MemberActionButton } from "./member-action-button";

type GroupUsersTableProps = {
  id: string;
  heading: string;
  /** What the time column says: "Joined", "Banned". */
  timeLabel: string;
  view: GroupUsersView;
  group: { guid: string; name: string | null; owner: string | null };
  /** The actions each row offers, for the roles that may; none for the others. */
  actions: Array<"kick" | "ban" | "unban">;
  href: (page: number) => string;
};

/** A group's members or banned users, paged, each a link to their workspace, with what may be done to them. */
export function GroupUsersTable({ id, heading, timeLabel, view, group, actions, href }: GroupUsersTableProps) {
  const total = "error" in view ? undefined : view.pagination?.total;
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-4 space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold" tabIndex={-1}>
        {heading}
        {total !== undefined ? ` (${total})` : ""}
      </h2>
      {"error" in view ? (
        <Alert tone="error">{view.error}</Alert>
      ) : (
        <Announcer focusTargetId={`${id}-heading`}>
          {view.rows.length === 0 ? (
            <EmptyTable>None.</EmptyTable>
          ) : (
            <DataTable
              caption={heading}
              captionSrOnly
              columns={[
                "User",
                "Scope",
                timeLabel,
                ...(actions.length > 0 ? [{ label: "Actions", srOnly: true }] : []),
              ]}
            >
              {view.rows.map((row) => (
                <tr key={row.uid}>
                  <TableRowHeader className="max-w-[16rem] align-top">
                    <Uid uid={row.uid} name={row.name} oneLine />
                  </TableRowHeader>
                  <TableCell className="align-top">{row.scope ? <Badge>{row.scope}</Badge> : "—"}</TableCell>
                  <TableCell className="align-top text-xs">
                    <UnixTime seconds={row.at} />
                  </TableCell>
                  {actions.length > 0 && (
                    <TableCell className="align-top">
                      {row.uid === group.owner ? (
                        // The chat service lets nobody act on a group's owner.
                        <span className="text-xs text-slate-600">Owner</span>
                      ) : (
                        <span className="flex flex-wrap gap-2">
                          {actions.map((kind) => (
                            <MemberActionButton key={kind} kind={kind} group={group} user={row} />
                          ))}
                        </span>
                      )}
                    </TableCell>
                  )}
                </tr>
              ))}
            </DataTable>
          )}
          {view.pagination && (
            <Pagination
              label={`${heading} pages`}
              scroll={false}
              pages={{
                current: view.pagination.current_page,
                last: Math.max(1, view.pagination.total_pages),
                href,
              }}
            />
          )}
        </Announcer>
      )}
    </section>
  );
}
