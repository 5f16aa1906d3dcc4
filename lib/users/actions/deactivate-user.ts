"use server";

import { accountStateAction } from "@/lib/users/account-state-action";

/** "Deactivate": the account can no longer sign in or send, and is not found by other calls until reactivated. */
export const deactivateUserAction = accountStateAction("user.deactivate");
