"use server";

import { followUpAction } from "@/lib/incidents/follow-up";

export const retryFailedAction = followUpAction("retry");
