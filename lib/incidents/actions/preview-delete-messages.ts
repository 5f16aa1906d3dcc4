"use server";

import { previewAction } from "@/lib/incidents/raid-job-actions";

export const previewDeleteMessagesAction = previewAction("delete_messages");
