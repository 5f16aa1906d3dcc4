"use server";

import { groupMemberAction } from "@/lib/groups/member-action";

/** "Unban": the user may join the group again (unbanning does not make them a member). */
export const unbanGroupMemberAction = groupMemberAction({
  name: "group.member.unban",
  describe: "unban group members",
  call: "unbanGroupMember",
});
