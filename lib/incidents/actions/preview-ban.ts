"use server";

import { previewAction } from "@/lib/incidents/raid-job-actions";

export const previewBanAction = previewAction("ban");
