"use server";

import { chatApi, type ChatConversation } from "@/lib/chat-api";
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
  run: async ({ uid, onBehalfOf }): Promise<ConversationAnswer> => {
    const answer = await chatApi().getUserConversation(uid, onBehalfOf);
    return { conversations: answer.data, raw: answer.raw };
  },
});

export const updateConversationTagsAction = defineAction({
  name: "conversation.tags.update",
  permission: "conversation.tags.update",
  describe: "edit conversation tags",
  input: updateConversationTagsSchema,
  run: async ({ uid, onBehalfOf, tags }): Promise<ConversationAnswer> => {
    const answer = await chatApi().updateUserConversationTags(uid, onBehalfOf, tags);
    return { conversations: answer.data, raw: answer.raw };
  },
});
