"use server";

import { accountStateAction } from "@/lib/users/account-state-action";

/** "Reactivate": a deactivated account is back, with everything it had. */
export const reactivateUserAction = accountStateAction("user.reactivate");
