"use server";

import { jobControl } from "@/lib/incidents/job-control";

export const cancelJobAction = jobControl("cancel");
