"use server";

import { chatApi, ChatApiError, type ConversationPeer } from "@/lib/chat-api";
import { peerOf, type ConversationAnswer } from "@/lib/conversations/read";
import { RefusedError } from "@/lib/errors";
import { updateConversationTagsSchema } from "@/lib/conversations/schemas";
import { sameTags, tagsOf } from "@/lib/tags";
import { defineAction } from "@/lib/actions/define-action";

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
