"use server";

import { followUpAction } from "@/lib/incidents/follow-up";

// Exactly the UIDs this job blocked: not those that were blocked before it.
export const undoJobAction = followUpAction("undo");
