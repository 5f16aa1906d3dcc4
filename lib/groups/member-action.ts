import "server-only";
import { defineAction } from "@/lib/actions/define-action";
import { actorOf } from "@/lib/audit/actor";
import { chatApi, type ChatApiClient } from "@/lib/chat-api";
import { RefusedError } from "@/lib/errors";
import { settlingLostAnswer } from "@/lib/settlements/lost-answer";
import { groupMemberActionSchema } from "./schemas";

type MemberChange = {
  name: "group.member.kick" | "group.member.ban" | "group.member.unban";
  describe: string;
  call: "kickGroupMember" | "banGroupMember" | "unbanGroupMember";
};

const KINDS = { kickGroupMember: "kick", banGroupMember: "ban", unbanGroupMember: "unban" } as const;

/**
 * Kick, ban and unban are one action with another call: a group, a user, a required reason; logged
 * with the user and the group as affected, so a filter on either finds it. Sent with the key alone,
 * so the group's own rules of rank do not apply (only its owner cannot be acted on). An answer that
 * never came is settled from the group's members or bans once the call can no longer take effect.
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
    run: async ({ guid, uid }, { operationId, operator }) => {
      const client: ChatApiClient = chatApi();
      const answer = await settlingLostAnswer(
        {
          kind: KINDS[call],
          operationId,
          action: "group.member.settle",
          target: guid,
          items: [uid],
          actor: actorOf(operator),
        },
        () => client[call](guid, uid),
      );
      if (!answer.data.success)
        throw new RefusedError(answer.data.message || `The chat service did not carry it out for ${uid}.`);
      return { message: answer.data.message ?? null, status: answer.status };
    },
    completion: ({ message, status }) => ({ outcome: "succeeded", httpStatus: status, summary: { message } }),
  });
