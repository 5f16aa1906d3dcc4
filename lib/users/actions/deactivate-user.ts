"use server";

import { chatApi } from "@/lib/chat-api";
import { accountStateAction } from "@/lib/users/account-state-action";

/** "Deactivate": the account can no longer sign in or send, and is not found by other calls until reactivated. */
export const deactivateUserAction = accountStateAction({
  name: "user.deactivate",
  describe: "deactivate users",
  done: "deactivated",
  call: async (uid) => {
    const answer = await chatApi().deactivateUsers([uid]);
    return { uids: answer.data.deactivatedUids, status: answer.status };
  },
});
