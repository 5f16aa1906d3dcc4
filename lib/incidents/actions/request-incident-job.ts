"use server";

import { incidentJobAction } from "@/lib/incidents/new-incident-job";

/** A job past the approval threshold, stored and shown as waiting for a second operator: nothing is sent. */
export const requestIncidentJobAction = incidentJobAction("incident.job.request", "request");
