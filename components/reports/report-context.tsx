import { Badge } from "@/components/ui/badge";
import { UnixTime } from "@/components/ui/time";
import { Uid } from "@/components/ui/uid";
import { MessageText } from "@/components/ui/message-text";
import type { ModerationMessage } from "@/lib/chat-api/moderation-schemas";
import type { Read, ReportContext as Context } from "@/lib/reports/report-detail";

type Shown = { id: string; sender: string; senderName?: string; sentAt?: number; text: string; deleted: boolean };

function shownOf(message: ModerationMessage): Shown {
  const entity = message.data?.entities?.sender?.entity as { name?: unknown } | undefined;
  const text = message.data?.text ?? (message.category === "action" ? `(${message.data?.action ?? "action"})` : "");
  return {
    id: message.id,
    sender: message.sender ?? "",
    senderName: typeof entity?.name === "string" ? entity.name : undefined,
    sentAt: message.sentAt,
    text,
    deleted: message.deletedAt !== undefined,
  };
}

function Row({ message, reported }: { message: Shown; reported?: boolean }) {
  return (
    <li
      className={
        reported ? "rounded-md border-2 border-red-300 bg-red-50 p-3" : "rounded-md border border-slate-200 p-3"
      }
      aria-current={reported ? "true" : undefined}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        {message.sender && <Uid uid={message.sender} name={message.senderName} oneLine />}
        <UnixTime seconds={message.sentAt} />
        {reported && <Badge tone="danger">Reported message</Badge>}
        {message.deleted && <Badge>Deleted</Badge>}
      </div>
      <MessageText text={message.text} className="mt-1 text-sm text-slate-900" />
    </li>
  );
}

/** Up to five messages before and after the reported one, in the order they were sent. */
export function ReportContext({ context, reported }: { context: Read<Context>; reported: Shown }) {
  if (!context.ok) return <p className="text-sm text-red-800">The conversation could not be read: {context.message}</p>;
  return (
    <ol aria-label="Messages around the reported one" className="space-y-2">
      {context.value.before.length === 0 && <li className="text-sm text-slate-500">No earlier messages.</li>}
      {context.value.before.map((message) => (
        <Row key={message.id} message={shownOf(message)} />
      ))}
      <Row message={reported} reported />
      {context.value.after.map((message) => (
        <Row key={message.id} message={shownOf(message)} />
      ))}
      {context.value.after.length === 0 && <li className="text-sm text-slate-500">No later messages.</li>}
    </ol>
  );
}
