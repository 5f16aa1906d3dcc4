import { Alert } from "@/components/ui/alert";
import { Announcer } from "@/components/ui/announcer";
import { Badge } from "@/components/ui/badge";
import { Pagination } from "@/components/ui/pagination";
import { EmptyTable } from "@/components/ui/table";
import { UnixTime } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";
import type { MessageRow } from "@/lib/messages/message-rows";
import type { MessagesView } from "@/lib/messages/queries";
import type { MessageCursor } from "@/lib/url-state";
import { DeleteMessageButton } from "./delete-message-button";
import { MessageText } from "@/components/ui/message-text";

type MessagesListProps = {
  /** The section's heading and its id, for the page's "On this page" links. */
  heading: string;
  id: string;
  view: MessagesView;
  /** This page at a cursor; undefined for the newest messages. */
  href: (cursor?: MessageCursor) => string;
  /** Whose view it is, if a user's: recorded with a deletion. */
  owner?: string;
  canDelete: boolean;
  canDeletePermanently: boolean;
};

function ReportCount({ count }: { count: number | null }) {
  if (count === null) return <Badge>Reports not known</Badge>;
  if (count === 0) return <span className="text-xs text-slate-600">No open reports</span>;
  return <Badge tone="warning">{count === 1 ? "1 open report" : `${count} open reports`}</Badge>;
}

function Message({
  row,
  ...can
}: { row: MessageRow } & Pick<MessagesListProps, "owner" | "canDelete" | "canDeletePermanently">) {
  const deletable = row.sender !== null && !row.isAction && (row.deleted ? can.canDeletePermanently : can.canDelete);
  return (
    <li
      aria-label={`Message ${row.id}`}
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {row.sender ? <Uid uid={row.sender.uid} name={row.sender.name} /> : <span>Sender not named</span>}
        <span className="text-xs text-slate-600">
          <UnixTime seconds={row.sentAt} />
        </span>
        {row.deleted && (
          <Badge tone="danger">
            Deleted
            {row.deleted.by ? ` by ${row.deleted.by}` : ""}
          </Badge>
        )}
        <ReportCount count={row.reportCount} />
        {deletable && row.sender && (
          <span className="ml-auto">
            <DeleteMessageButton
              message={{ ...row, sender: row.sender }}
              owner={can.owner}
              canDeletePermanently={can.canDeletePermanently}
            />
          </span>
        )}
      </div>
      {row.text !== null ? (
        <p>
          <MessageText text={row.text} className={row.isAction ? "text-slate-600 italic" : "text-slate-900"} />
        </p>
      ) : (
        row.attachments.length === 0 && <p className="text-slate-500">(no text)</p>
      )}
      {row.attachments.length > 0 && (
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">Attachments: {row.attachments.join(", ")}</p>
      )}
    </li>
  );
}

/** A conversation's messages, newest first, paged by the chat service's cursor; deletable where the role allows. */
export function MessagesList({ heading, id, view, href, ...can }: MessagesListProps) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-4 space-y-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold" tabIndex={-1}>
        {heading}
      </h2>
      {"error" in view ? (
        <Alert tone="error">{view.error}</Alert>
      ) : (
        <Announcer focusTargetId={`${id}-heading`}>
          {view.rows.length === 0 ? (
            <EmptyTable>No messages to show.</EmptyTable>
          ) : (
            <ol aria-label={heading} className="space-y-3">
              {view.rows.map((row) => (
                <Message key={row.id} row={row} {...can} />
              ))}
            </ol>
          )}
          <Pagination
            label={`${heading} pages`}
            previous={view.newer ? href(view.newer) : null}
            next={view.older ? href(view.older) : null}
            previousLabel="Newer messages"
            nextLabel="Older messages"
          />
        </Announcer>
      )}
    </section>
  );
}
