import type { JobKind } from "@/lib/incidents/job-kind";
import { groupOf, oneByOne, settledFrom } from "@/lib/incidents/kind-calls";
import { SETTLEMENT_KINDS } from "@/lib/settlements/kinds";

/** Banning and unbanning a group's members as jobs: one UID a call, as the vendor takes them. */

export const banJobKind: JobKind = {
  send: (client, job, [uid]) =>
    oneByOne(job, uid!, async () => {
      const answer = await client.banGroupMember(groupOf(job), uid!);
      return { status: answer.status, message: answer.data.message ?? "" };
    }),
  reconcile: async (client, job, items) =>
    settledFrom(job, items, await SETTLEMENT_KINDS.ban.read(client, job.groupGuid, items)),
};

export const unbanJobKind: JobKind = {
  send: (client, job, [uid]) =>
    oneByOne(job, uid!, async () => {
      const answer = await client.unbanGroupMember(groupOf(job), uid!);
      return { status: answer.status, message: answer.data.message ?? "" };
    }),
  reconcile: async (client, job, items) =>
    settledFrom(job, items, await SETTLEMENT_KINDS.unban.read(client, job.groupGuid, items)),
};
