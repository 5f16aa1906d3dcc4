"use server";

import { incidentJobAction } from "@/lib/incidents/new-incident-job";

/** A job of up to APPROVAL_THRESHOLD_UIDS UIDs to send, started at once. */
export const createIncidentJobAction = incidentJobAction("incident.job.start", "start");
