import type { JobKind } from "@/lib/incidents/job-kind";
import { bulkOutcomes, settledFrom } from "@/lib/incidents/kind-calls";
import { SETTLEMENT_KINDS } from "@/lib/settlements/kinds";

/** Deactivating and reactivating accounts as jobs: the vendor's bulk `DELETE` and `PUT /users`. */

const NO_USER = "The chat service has no user with this UID.";

export const deactivateJobKind: JobKind = {
  send: async (client, job, items) => {
    const answer = await client.deactivateUsers(items);
    return { status: answer.status, outcomes: bulkOutcomes(job, items, answer.data.deactivatedUids, NO_USER) };
  },
  reconcile: async (client, job, items) =>
    settledFrom(job, items, await SETTLEMENT_KINDS.deactivate.read(client, job.groupGuid, items)),
};

export const reactivateJobKind: JobKind = {
  send: async (client, job, items) => {
    const answer = await client.reactivateUsers(items);
    return { status: answer.status, outcomes: bulkOutcomes(job, items, answer.data.nonDeactivatedUids, NO_USER) };
  },
  reconcile: async (client, job, items) =>
    settledFrom(job, items, await SETTLEMENT_KINDS.reactivate.read(client, job.groupGuid, items)),
};
