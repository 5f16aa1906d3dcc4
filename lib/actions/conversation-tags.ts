"use server";

import { chatApi, ChatApiError, type ChatConversation, type ConversationPeer } from "@/lib/chat-api";
import { RefusedError } from "@/lib/errors";
import { conversationKeySchema, updateConversationTagsSchema } from "@/lib/schemas/conversation-tags";
import { sameTags, tagsOf } from "@/lib/tags";
import { defineAction } from "./define-action";

export type ConversationAnswer = {
  conversations: ChatConversation[];
  /** The owner's tags on their copy, or null when the service's answer does not say (no `tags` field). */
  tags: string[] | null;
  /** The chat service's answer as it came, for the "Raw response" disclosure. */
  raw: unknown;
};

const peerOf = ({ kind, peer }: { kind: "user" | "group"; peer: string }): ConversationPeer => ({ kind, id: peer });

export const loadConversationAction = defineAction({
  name: "conversation.read",
  permission: "users.read",
  describe: "read conversations",
  input: conversationKeySchema,
  // A read changes nothing on the chat service; the log records what changes things.
  audit: "not recorded",
  run: async (key): Promise<ConversationAnswer> => {
    const answer = await chatApi().getConversation(peerOf(key), key.onBehalfOf);
    return { conversations: answer.data, tags: tagsOf(answer.data[0]), raw: answer.raw };
  },
});

/** The owner's tags right before the change: for the check against what the editor showed, and the log. */
async function currentTags(peer: ConversationPeer, onBehalfOf: string): Promise<string[] | null> {
  try {
    return tagsOf((await chatApi().getConversation(peer, onBehalfOf)).data[0]);
  } catch (error) {
    if (error instanceof ChatApiError) return null;
    throw error;
  }
}

const listed = (tags: string[]) => (tags.length > 0 ? tags.map((tag) => `“${tag}”`).join(", ") : "no tags");

export const updateConversationTagsAction = defineAction({
  name: "conversation.tags.update",
  permission: "conversation.tags.update",
  describe: "edit conversation tags",
  input: updateConversationTagsSchema,
  audit: ({ kind, peer, onBehalfOf, tags, reason }) => ({
    // The owner's copy changes; the other party (or the group) is what it is about.
    affectedUids: [onBehalfOf, peer],
    targetUid: kind === "user" ? peer : undefined,
    onBehalfOf,
    reason,
    requestBody: { conversationType: kind, with: peer, tags },
  }),
  run: async (input): Promise<ConversationAnswer & { tagsBefore: string[] | null; status: number }> => {
    const peer = peerOf(input);
    const before = await currentTags(peer, input.onBehalfOf);
    // A save replaces the whole list: one made over tags that changed meanwhile would drop someone's tags unseen.
    if (input.expectedTags !== null && before !== null && !sameTags(before, input.expectedTags)) {
      throw new RefusedError(
        `The tags of this conversation changed since the editor loaded them: they are now ${listed(before)}. Nothing was saved; review them and save again.`,
      );
    }
    const answer = await chatApi().updateConversationTags(peer, input.onBehalfOf, input.tags);
    return {
      conversations: answer.data,
      tags: tagsOf(answer.data[0]),
      raw: answer.raw,
      tagsBefore: before,
      status: answer.status,
    };
  },
  completion: (data) => ({
    outcome: "succeeded",
    httpStatus: data.status,
    summary: {
      conversationId: data.conversations[0]?.conversationId ?? null,
      changeSet: { tags: { old: data.tagsBefore, new: data.tags } },
    },
  }),
});
