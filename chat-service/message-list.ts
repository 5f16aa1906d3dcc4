import { hash } from "node:crypto";
import { chatErrors } from "./errors";
import { literalForLike } from "./lookups";
import { JsonText } from "./json-text";
import { entitiesOfColumns, messageRecordWriter, type GroupWithCount } from "./records";
import { chatStore } from "./service";
import { entitiesColumns } from "./statements";
import type { MessageListQuery } from "./validation-moderation";

/**
 * The vendor's message lists (app-wide, one user conversation, one group) as one statement each:
 * a page of messages and every user and group they name. The statement's text depends only on which
 * filters are given, so each combination is prepared once under a name made from its text, and every
 * filter narrows an index whose order is the page's: (sentAt, id), walked newest first (`prepend`)
 * or oldest first (`append`).
 */

export type MessageScope = {
  /** Messages of this conversation only. */
  conversationId?: string;
  /** The group whose conversation it is: the vendor's ERR_GUID_NOT_FOUND when it does not exist, read in the same statement. */
  group?: string;
  /** Messages of the conversations this user takes part in (the vendor's optional `onBehalfOf`). */
  participant?: string;
};

type Built = { text: string; values: unknown[] };

function build(scope: MessageScope, query: MessageListQuery): Built {
  const values: unknown[] = [];
  const param = (value: unknown, type: string) => {
    values.push(value);
    return `$${values.length}::${type}`;
  };
  const where: string[] = [];
  const conversationId = scope.conversationId ?? query.conversationId;
  if (scope.conversationId && query.conversationId && query.conversationId !== scope.conversationId)
    where.push("false");
  if (conversationId) where.push(`m.conversation_id = ${param(conversationId, "text")}`);
  if (scope.participant) {
    const uid = param(scope.participant, "text");
    where.push(`(m.sender = ${uid} or (m.receiver_type = 'user' and m.receiver = ${uid})
      or (m.receiver_type = 'group' and m.receiver in (select guid from chat_group_members where uid = ${uid})))`);
  }
  if (query.sender) where.push(`m.sender = ${param(query.sender, "text")}`);
  if (query.receiverType) where.push(`m.receiver_type = ${param(query.receiverType, "text")}`);
  if (query.category) where.push(`m.category = ${param(query.category, "text")}`);
  if (query.type) where.push(`m.type = ${param(query.type, "text")}`);
  if (query.searchKey) where.push(`(m.data->>'text') ilike ${param(`%${literalForLike(query.searchKey)}%`, "text")}`);
  if (query.hasLinks !== undefined) where.push(query.hasLinks ? "m.has_links" : "not m.has_links");
  if (query.hasAttachments !== undefined)
    where.push(query.hasAttachments ? "m.has_attachments" : "not m.has_attachments");
  if (query.hideDeleted) where.push("m.deleted_at is null");
  if (query.onlyDeleted) where.push("m.deleted_at is not null");
  // The vendor ignores toTimestamp without fromTimestamp.
  if (query.fromTimestamp !== undefined) {
    where.push(`m.sent_at >= ${param(query.fromTimestamp, "int8")}`);
    if (query.toTimestamp !== undefined) where.push(`m.sent_at <= ${param(query.toTimestamp, "int8")}`);
  }

  const append = query.affix === "append";
  if (query.id !== undefined) {
    // The cursor's message, or the nearest before it when it was removed meanwhile.
    const id = param(query.id, "int8");
    const at = `coalesce((select c.sent_at from chat_messages c where c.id <= ${id} order by c.id desc limit 1), -1)`;
    where.push(`(m.sent_at, m.id) ${append ? ">" : "<"} (${at}, ${id})`);
  } else if (query.sentAt !== undefined) {
    where.push(`m.sent_at ${append ? ">=" : "<="} ${param(query.sentAt, "int8")}`);
  }
  const direction = append ? "asc" : "desc";
  const order = `m.sent_at ${direction}, m.id ${direction}`;
  const limit = param(query.limit, "int4");
  // The page's records and its last message's place, in one pass over it.
  const text = `with page as (
      select m.* from chat_messages m ${where.length > 0 ? `where ${where.join("\n        and ")}` : ""}
      order by ${order} limit ${limit})
    select read.messages as "messages",
      case when read.last is not null then json_build_object('sentAt', read.last[1], 'id', read.last[2]) end as "last",
      ${entitiesColumns("page")}${
        scope.group
          ? `,\n      exists (select 1 from chat_groups where guid = ${param(scope.group, "text")}) as "groupFound"`
          : ""
      }
    from (select string_agg(m.record_source, E'\\x1e' order by ${order}) as messages,
        ${append ? "max" : "min"}(array[m.sent_at, m.id]) as last from page m) as read`;
  return { text, values };
}

type PageRow = {
  /** The page's messages' `record_source`, apart by the record separator; null for an empty page. */
  messages: string | null;
  last: { id: number; sentAt: number } | null;
  users: string | null;
  groups: GroupWithCount[];
  groupFound?: boolean;
};

/**
 * One page of messages as records (2.2) seen by `viewer`, with the vendor's `meta.current` and
 * `meta.next`: the answer's text, joined from the records' own (a page of 1,000 is a megabyte).
 */
export async function listMessages(scope: MessageScope, query: MessageListQuery, viewer = ""): Promise<JsonText> {
  const { text, values } = build(scope, query);
  const name = `chat_messages_${hash("sha1", text).slice(0, 16)}`;
  const [row] = await chatStore().run<PageRow>({ name, text }, values);
  if (scope.group && !row?.groupFound) throw chatErrors.guidNotFound(scope.group);
  const sources = row?.messages ? row.messages.split("\u001e") : [];
  const entities = entitiesOfColumns(row);
  const last = row?.last;
  const affix = query.affix ?? "prepend";
  // An empty page hands the same cursor back, so that a client polling for new messages keeps its place.
  const next = last
    ? { affix, sentAt: last.sentAt, id: String(last.id) }
    : query.id !== undefined || query.sentAt !== undefined
      ? {
          affix,
          ...(query.sentAt !== undefined ? { sentAt: query.sentAt } : {}),
          ...(query.id ? { id: query.id } : {}),
        }
      : undefined;
  const meta = { current: { limit: query.limit, count: sources.length }, ...(next ? { next } : {}) };
  const records = sources.map(messageRecordWriter(entities, viewer));
  return new JsonText(`{"data":[${records.join(",")}],"meta":${JSON.stringify(meta)}}`);
}
