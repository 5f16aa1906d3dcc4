"use server";

import { groupMemberAction } from "@/lib/groups/member-action";

/** "Ban": the user leaves the group and cannot join again until unbanned. */
export const banGroupMemberAction = groupMemberAction({
  name: "group.member.ban",
  describe: "ban group members",
  call: "banGroupMember",
});
