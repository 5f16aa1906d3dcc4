import type { ChatMessage } from "@/lib/chat-api/schemas";
import { describeAction, entityLabel } from "./action-sentence";

/** One message as the console shows it: plain data, for client components too. */
export type MessageRow = {
  id: string;
  conversationId: string | null;
  sender: { uid: string; name: string | null } | null;
  sentAt: number | null;
  /** A text message's text, or an action message's sentence ("Alice joined Hiking Group"). */
  text: string | null;
  isAction: boolean;
  /** The attachments' names (never their addresses: the console does not fetch what users uploaded). */
  attachments: string[];
  deleted: { at: number | null; by: string | null } | null;
  /** Open reports of this message; null when the console could not read them. */
  reportCount: number | null;
};

type Loose = Record<string, unknown>;

const asRecord = (value: unknown): Loose | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Loose) : undefined;
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);
const seconds = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value)
    ? value
    : typeof value === "string"
      ? seconds(Number(value))
      : null;

function attachmentName(value: unknown, index: number): string {
  const attachment = asRecord(value);
  const name = text(attachment?.name);
  if (name) return name;
  const kind = text(attachment?.mimeType) ?? text(attachment?.extension);
  return kind ? `Attachment ${index + 1} (${kind})` : `Attachment ${index + 1}`;
}

/** The attachments a message names: the vendor's `data.attachments`, or a media message's one file. */
function attachmentsOf(message: ChatMessage, data: Loose | undefined): string[] {
  const listed = data?.attachments;
  if (Array.isArray(listed)) return listed.map(attachmentName);
  if (["image", "video", "audio", "file"].includes(message.type ?? "")) return [`One ${message.type}`];
  return [];
}

function senderOf(message: ChatMessage, data: Loose | undefined): MessageRow["sender"] {
  const entities = asRecord(data?.entities);
  const entity = asRecord(asRecord(entities?.sender)?.entity) ?? asRecord(asRecord(entities?.by)?.entity);
  const uid = text(message.sender) ?? text(entity?.uid);
  if (!uid) return null;
  return { uid, name: message.category === "action" ? (entityLabel(entity) ?? null) : text(entity?.name) };
}

/** A message record of the chat service, as a row; unknown shapes give what can be read, never a crash. */
export function messageRow(message: ChatMessage, reportCount: number | null): MessageRow {
  const record = message as Loose;
  const data = asRecord(record.data);
  const action = describeAction(message);
  const deletedAt = seconds(record.deletedAt);
  const deletedBy = text(record.deletedBy);
  return {
    id: message.id,
    conversationId: text(message.conversationId),
    sender: senderOf(message, data),
    sentAt: seconds(message.sentAt),
    text: action ?? text(data?.text),
    isAction: action !== undefined,
    attachments: attachmentsOf(message, data),
    deleted: deletedAt !== null || deletedBy !== null ? { at: deletedAt, by: deletedBy } : null,
    reportCount,
  };
}

const FIRST_WORDS = 8;
const FIRST_CHARACTERS = 60;

/** The first words of a message, to name it in a confirmation: "FREE 500 USDT for the first…". */
export function firstWords(row: Pick<MessageRow, "text" | "attachments">): string {
  if (!row.text) return row.attachments.length > 0 ? `(${row.attachments.join(", ")})` : "(no text)";
  const words = row.text.trim().split(/\s+/u);
  let shown = words.slice(0, FIRST_WORDS).join(" ");
  if (shown.length > FIRST_CHARACTERS) shown = shown.slice(0, FIRST_CHARACTERS);
  return `${shown}${shown.length < row.text.trim().length ? "…" : ""}`;
}
