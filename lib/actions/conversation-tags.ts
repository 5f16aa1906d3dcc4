"use server";

import { chatApi, ChatApiError, type ChatConversation } from "@/lib/chat-api";
import { conversationKeySchema, updateConversationTagsSchema } from "@/lib/schemas/conversation-tags";
import { defineAction } from "./define-action";

export type ConversationAnswer = {
  conversations: ChatConversation[];
  /** The chat service's answer as it came, for the "Raw response" disclosure. */
  raw: unknown;
};

export const loadConversationAction = defineAction({
  name: "conversation.read",
  permission: "users.read",
  describe: "read conversations",
  input: conversationKeySchema,
  // A read changes nothing on the chat service; the log records what changes things.
  audit: "not recorded",
  run: async ({ uid, onBehalfOf }): Promise<ConversationAnswer> => {
    const answer = await chatApi().getUserConversation(uid, onBehalfOf);
    return { conversations: answer.data, raw: answer.raw };
  },
});

/** The owner's tags before the change, for the log; unknown when the read fails. */
async function tagsBefore(uid: string, onBehalfOf: string): Promise<string[] | null> {
  try {
    return (await chatApi().getUserConversation(uid, onBehalfOf)).data[0]?.tags ?? null;
  } catch (error) {
    if (error instanceof ChatApiError) return null;
    throw error;
  }
}

export const updateConversationTagsAction = defineAction({
  name: "conversation.tags.update",
  permission: "conversation.tags.update",
  describe: "edit conversation tags",
  input: updateConversationTagsSchema,
  audit: ({ uid, onBehalfOf, tags, reason }) => ({ targetUid: uid, onBehalfOf, reason, requestBody: { tags } }),
  run: async ({
    uid,
    onBehalfOf,
    tags,
  }): Promise<ConversationAnswer & { tagsBefore: string[] | null; status: number }> => {
    const before = await tagsBefore(uid, onBehalfOf);
    const answer = await chatApi().updateUserConversationTags(uid, onBehalfOf, tags);
    return { conversations: answer.data, raw: answer.raw, tagsBefore: before, status: answer.status };
  },
  completion: (data) => ({
    outcome: "succeeded",
    httpStatus: data.status,
    summary: {
      conversationId: data.conversations[0]?.conversationId ?? null,
      tagsBefore: data.tagsBefore,
      tagsAfter: data.conversations[0]?.tags ?? null,
    },
  }),
});
