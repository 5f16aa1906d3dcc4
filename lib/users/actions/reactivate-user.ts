"use server";

import { chatApi } from "@/lib/chat-api";
import { accountStateAction } from "@/lib/users/account-state-action";

/** "Reactivate": a deactivated account is back, with everything it had. */
export const reactivateUserAction = accountStateAction({
  name: "user.reactivate",
  describe: "reactivate users",
  done: "reactivated",
  call: async (uid) => {
    const answer = await chatApi().reactivateUsers([uid]);
    return { uids: answer.data.nonDeactivatedUids, status: answer.status };
  },
});
