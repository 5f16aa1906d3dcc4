import "server-only";
import { defineAction } from "@/lib/actions/define-action";
import { chatApi, type ChatApiClient } from "@/lib/chat-api";
import { RefusedError } from "@/lib/errors";
import { groupMemberActionSchema } from "./schemas";

type MemberChange = {
  name: "group.member.kick" | "group.member.ban" | "group.member.unban";
  describe: string;
  call: "kickGroupMember" | "banGroupMember" | "unbanGroupMember";
};

/**
 * Kick, ban and unban are one action with another call: a group, a user, a required reason; logged
 * with the user and the group as affected, so a filter on either finds it. Sent with the key alone,
 * so the group's own rules of rank do not apply (only its owner cannot be acted on).
 */
export const groupMemberAction = ({ name, describe, call }: MemberChange) =>
  defineAction({
    name,
    permission: "groups.members.manage",
    describe,
    input: groupMemberActionSchema,
    audit: ({ guid, uid, reason }) => ({
      affectedUids: [uid, guid],
      targetUid: uid,
      reason,
      requestBody: { guid, uid },
    }),
    run: async ({ guid, uid }) => {
      const client: ChatApiClient = chatApi();
      const answer = await client[call](guid, uid);
      if (!answer.data.success)
        throw new RefusedError(answer.data.message || `The chat service did not carry it out for ${uid}.`);
      return { message: answer.data.message ?? null, status: answer.status };
    },
    completion: ({ message, status }) => ({ outcome: "succeeded", httpStatus: status, summary: { message } }),
  });
