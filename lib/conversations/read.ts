import "server-only";
import { chatApi, type ChatConversation, type ConversationPeer } from "@/lib/chat-api";
import { tagsOf } from "@/lib/tags";

export type ConversationKey = { onBehalfOf: string; kind: "user" | "group"; peer: string };

export type ConversationAnswer = {
  conversations: ChatConversation[];
  /** The owner's tags on their copy, or null when the service's answer does not say (no `tags` field). */
  tags: string[] | null;
  /** The chat service's answer as it came, for the "Raw response" disclosure. */
  raw: unknown;
};

export const peerOf = ({ kind, peer }: Pick<ConversationKey, "kind" | "peer">): ConversationPeer => ({
  kind,
  id: peer,
});

/** One owner's copy of a conversation, as the chat service has it now: the tags editor opens on it. */
export async function readConversation(key: ConversationKey): Promise<ConversationAnswer> {
  const answer = await chatApi().getConversation(peerOf(key), key.onBehalfOf);
  return { conversations: answer.data, tags: tagsOf(answer.data[0]), raw: answer.raw };
}
