import type { ReactNode } from "react";
import type { ChatConversation, ChatMessage } from "@/lib/chat-api/schemas";
import { Badge } from "@/components/ui/badge";
import { RawJson } from "@/components/ui/raw-json";
import { UnixTime } from "@/components/ui/time";
import { describeAction, entityLabel } from "@/lib/messages/action-sentence";
import { Uid } from "@/components/ui/uid";
import { uidProblem } from "@/lib/validation/uid-rule";

type Loose = Record<string, unknown>;
type HeadingLevel = 2 | 3 | 4;

/** The record came from another service: every part is checked before it is read. */
function asRecord(value: unknown): Loose | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Loose) : undefined;
}

/** Dates beyond this many seconds from 1970 are out of the range of a JavaScript Date. */
const MAX_DATE_SECONDS = 8.64e12;

function NotGiven() {
  return <span className="text-slate-500">Not given</span>;
}

function unexpected(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The conversation id for the heading; a record without one still gets a heading. */
function headingId(value: unknown): string {
  if (value === undefined || value === null || value === "") return "without an ID";
  return typeof value === "string" ? value : unexpected(value);
}

/** Any value, as text; a missing one reads "Not given" and one of an unexpected type is shown as JSON. */
function Value({ value, mono = false }: { value: unknown; mono?: boolean }) {
  if (value === undefined || value === null || value === "") return <NotGiven />;
  if (typeof value === "boolean") return <>{value ? "Yes" : "No"}</>;
  if (typeof value === "string" || typeof value === "number" || typeof value === "bigint") {
    return <span className={mono ? "font-mono text-xs break-all" : "break-words"}>{String(value)}</span>;
  }
  return <code className="font-mono text-xs break-all">{unexpected(value)}</code>;
}

function Time({ value }: { value: unknown }) {
  if (typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= MAX_DATE_SECONDS) {
    return <UnixTime seconds={value} />;
  }
  return <Value value={value} />;
}

/** A user's UID: a link to their workspace with a copy button, when it is one; else as sent. */
function UidValue({ value }: { value: unknown }) {
  if (typeof value === "string" && !uidProblem(value)) return <Uid uid={value} />;
  return <Value value={value} mono />;
}

/**
 * A UID or GUID with the name its entity gives, when there is one: "Andrew Joseph (cometchat-uid-1)";
 * a user's UID links to their workspace.
 */
function Party({ id, entity, user }: { id: unknown; entity: unknown; user: boolean }) {
  const label = entityLabel(entity);
  if (id === undefined || id === null || id === "") return label ? <>{label}</> : <NotGiven />;
  const shown = user ? <UidValue value={id} /> : <Value value={id} mono />;
  if (!label || label === id) return shown;
  return (
    <>
      {label} ({shown})
    </>
  );
}

type Row = { term: string; detail: ReactNode };

function DetailList({ rows }: { rows: Row[] }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {rows.map(({ term, detail }) => (
        <div key={term} className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
          <dt className="font-medium text-slate-700">{term}</dt>
          <dd className="mt-0.5 text-slate-900 sm:col-span-2 sm:mt-0">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}

function Tags({ tags }: { tags: unknown }) {
  if (tags !== undefined && !Array.isArray(tags)) return <Value value={tags} />;
  if (!tags || tags.length === 0) return <span className="text-slate-500">No tags</span>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {tags.map((tag: unknown, index) => (
        <li key={index} className="max-w-full break-all">
          <Badge>{typeof tag === "string" ? tag : unexpected(tag)}</Badge>
        </li>
      ))}
    </ul>
  );
}

function Heading({ level, children }: { level: HeadingLevel; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return <Tag className="text-base font-semibold text-slate-900">{children}</Tag>;
}

function Subheading({ level, children }: { level: HeadingLevel; children: ReactNode }) {
  const Tag = `h${Math.min(level + 1, 6) as 3 | 4 | 5}` as const;
  return <Tag className="mt-5 text-sm font-semibold text-slate-900">{children}</Tag>;
}

function LastMessage({ message }: { message: unknown }) {
  if (message === undefined || message === null) return <p className="text-sm text-slate-600">No messages yet</p>;
  const record = asRecord(message);
  if (!record) {
    return <p className="text-sm text-slate-600">The last message has an unexpected shape; see the raw record.</p>;
  }
  const data = asRecord(record.data);
  const entities = asRecord(data?.entities);
  const receiverType =
    typeof record.receiverType === "string" && record.receiverType !== "" ? record.receiverType : undefined;
  const rows: Row[] = [
    { term: "Message ID", detail: <Value value={record.id} mono /> },
    { term: "Sender", detail: <Party id={record.sender} entity={entities?.sender} user /> },
    {
      term: "Receiver",
      detail: (
        <span className="inline-flex flex-wrap items-center gap-2">
          <span>
            <Party id={record.receiver} entity={entities?.receiver} user={record.receiverType !== "group"} />
          </span>
          {receiverType && <Badge tone="info">{receiverType}</Badge>}
        </span>
      ),
    },
    {
      term: "Category / type",
      detail: (
        <>
          <Value value={record.category} /> / <Value value={record.type} />
        </>
      ),
    },
    { term: "Sent at", detail: <Time value={record.sentAt} /> },
  ];
  if (record.category === "action") {
    const sentence = describeAction(record as ChatMessage);
    rows.push({ term: "Action", detail: sentence ?? <NotGiven /> });
  } else if (record.type === "text") {
    rows.push({
      term: "Text",
      detail:
        typeof data?.text === "string" ? (
          <p className="break-words whitespace-pre-wrap">{data.text}</p>
        ) : (
          <Value value={data?.text} />
        ),
    });
  }
  return <DetailList rows={rows} />;
}

/** How a field of a record is shown: as text, as an id (monospaced), as a time, or as a user's UID. */
type Shown = "text" | "id" | "time" | "uid";

/** The fields of a record the contract names, in order: each term with its key and how it is shown. */
type Fields = Record<string, [key: string, shown?: Shown]>;

const GROUP_FIELDS: Fields = {
  GUID: ["guid", "id"],
  Name: ["name"],
  Description: ["description"],
  Icon: ["icon", "id"],
  Type: ["type"],
  Scope: ["scope"],
  Members: ["membersCount"],
  "Joined at": ["joinedAt", "time"],
  "Conversation ID": ["conversationId", "id"],
  "Has joined": ["hasJoined"],
  Created: ["createdAt", "time"],
  Owner: ["owner", "uid"],
  Updated: ["updatedAt", "time"],
  "Updated by": ["updatedBy", "uid"],
};

const USER_FIELDS: Fields = {
  UID: ["uid", "uid"],
  Name: ["name"],
  Status: ["status"],
  Role: ["role"],
  Created: ["createdAt", "time"],
  // Addresses are shown as text: a record from the service never makes the console load or link anything.
  "Avatar URL": ["avatar", "id"],
  Link: ["link", "id"],
  "Conversation ID": ["conversationId", "id"],
};

const CONVERSATION_FIELDS: Fields = {
  "Conversation ID": ["conversationId", "id"],
  Type: ["conversationType"],
  "Unread messages": ["unreadMessageCount"],
  Created: ["createdAt", "time"],
  Updated: ["updatedAt", "time"],
};

function FieldValue({ value, shown }: { value: unknown; shown: Shown }) {
  if (shown === "time") return <Time value={value} />;
  if (shown === "uid") return <UidValue value={value} />;
  return <Value value={value} mono={shown === "id"} />;
}

function fieldRows(record: Loose, fields: Fields): Row[] {
  return Object.entries(fields).map(([term, [key, shown = "text"]]) => ({
    term,
    detail: <FieldValue value={record[key]} shown={shown} />,
  }));
}

function ConversationWith({ other }: { other: unknown }) {
  if (other === undefined || other === null) return <p className="text-sm text-slate-600">Not given</p>;
  const record = asRecord(other);
  if (!record) {
    return <p className="text-sm text-slate-600">The other side has an unexpected shape; see the raw record.</p>;
  }
  const isGroup = typeof record.guid === "string";
  return (
    <>
      <p className="text-sm text-slate-600">{isGroup ? "A group" : "A user"}</p>
      <DetailList rows={fieldRows(record, isGroup ? GROUP_FIELDS : USER_FIELDS)} />
    </>
  );
}

/**
 * One conversation record of the chat service, in full: what the contract names (sections 2.1 to 2.4)
 * in words, and the whole record as JSON for what it does not. Renders whatever shape the record has.
 */
export function ConversationRecord({
  conversation,
  headingLevel = 3,
}: {
  conversation: ChatConversation;
  /** Level of the record's heading; its sections take the next level. */
  headingLevel?: HeadingLevel;
}) {
  const record = asRecord(conversation) ?? {};
  return (
    <article className="rounded-md border border-slate-200 bg-white p-4">
      <Heading level={headingLevel}>
        Conversation <span className="font-mono break-all">{headingId(record.conversationId)}</span>
      </Heading>
      <DetailList
        rows={[...fieldRows(record, CONVERSATION_FIELDS), { term: "Tags", detail: <Tags tags={record.tags} /> }]}
      />
      <Subheading level={headingLevel}>Last message</Subheading>
      <LastMessage message={record.lastMessage} />
      <Subheading level={headingLevel}>Conversation with</Subheading>
      <ConversationWith other={record.conversationWith} />
      <RawJson value={conversation} summary="Raw record" />
    </article>
  );
}
