"use server";

import { previewAction } from "@/lib/incidents/raid-job-actions";

export const previewDeactivateAction = previewAction("deactivate");
