"use server";

import { groupMemberAction } from "@/lib/groups/member-action";

/** "Kick": the user leaves the group, and may join again. */
export const kickGroupMemberAction = groupMemberAction({
  name: "group.member.kick",
  describe: "kick group members",
  call: "kickGroupMember",
});
