import "server-only";
import * as z from "@/lib/validation/zod";
import { revalidatePath } from "next/cache";
import { chatApi } from "@/lib/chat-api";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import type { AuditAction } from "@/lib/audit/vocabulary";
import { needsApproval } from "@/lib/approvals/threshold";
import { JOB_KINDS } from "./job-kinds";
import { createJob } from "./jobs";
import { alreadyOutcomes, planRaidJob, type RaidJobPlan } from "./raid-job";
import type { Permission } from "@/lib/roles";
import { parseUidList, type UidListEntry } from "@/lib/blocking/uid-list";
import { MAX_INCIDENT_UIDS } from "./limits";
import { raidJobPreviewSchema, raidJobSchema } from "./schemas";
import { defineAction, type ActionContext } from "@/lib/actions/define-action";
import { approvalOf, checkGate, jobSummary, newJobOf, started, type Gate } from "./job-start";

/**
 * Jobs on the accounts behind a raid, from the senders a search found or a pasted list: "Deactivate",
 * "Ban from <group>", "Delete their messages". Previewed (already deactivated or banned counted apart),
 * then started at once, as a request for a second operator's approval past APPROVAL_THRESHOLD_UIDS, or
 * by an admin without one; each runs as an incident job of its kind.
 */

export type RaidJobPreview = {
  kind: "deactivate" | "ban" | "delete_messages";
  group: string | null;
  /** UIDs the job would act on. */
  uids: string[];
  /** Of those, UIDs already deactivated or banned: recorded, not sent. */
  already: string[];
  /** Messages the job would delete (a deletion only). */
  messages: number;
  invalid: Array<Extract<UidListEntry, { status: "invalid" }>>;
  duplicates: number;
  overLimit: boolean;
  needsApproval: boolean;
  approvalThreshold: number;
};

/** Each kind's own permission: the preview and the start check it as the job's page does. */
const PERMISSIONS = {
  deactivate: JOB_KINDS.deactivate.permission,
  ban: JOB_KINDS.ban.permission,
  delete_messages: JOB_KINDS.delete_messages.permission,
} satisfies Record<string, Permission>;

/** A preview reads and sends nothing; the job it may lead to is recorded when it starts. */
export function previewAction(kind: keyof typeof PERMISSIONS) {
  return defineAction({
    name: "incident.preview",
    permission: PERMISSIONS[kind],
    describe: JOB_KINDS[kind].verb.toLowerCase(),
    input: raidJobPreviewSchema,
    audit: "not recorded",
    run: async (input): Promise<RaidJobPreview> => {
      const list = parseUidList(input.text);
      const uids = list.valid.slice(0, MAX_INCIDENT_UIDS);
      const plan = await planRaidJob(await getDb(), chatApi(), { ...input, kind }, uids);
      const { thresholdUids } = getEnv().approval;
      const sent = kind === "delete_messages" ? plan.accounts.length : plan.toSend.length;
      return {
        kind,
        group: input.group ?? null,
        uids,
        already: plan.already,
        messages: kind === "delete_messages" ? plan.toSend.length : 0,
        invalid: list.entries.filter(
          (entry): entry is Extract<UidListEntry, { status: "invalid" }> => entry.status === "invalid",
        ),
        duplicates: list.entries.filter((entry) => entry.status === "duplicate").length,
        overLimit: list.valid.length > MAX_INCIDENT_UIDS,
        needsApproval: needsApproval(sent, thresholdUids),
        approvalThreshold: thresholdUids,
      };
    },
  });
}

type RaidJobRequest = z.output<typeof raidJobSchema>;

export const raidJobAudit = ({ kind, group, searchId, reason, uids, preview }: RaidJobRequest) => ({
  affectedUids: uids,
  reason,
  requestBody: { kind, group, searchId, uids: uids.length, first: uids.slice(0, 20), preview },
});

/** What a new job on a raid's accounts will send, read from the service (the action's `prepare`). */
export const raidJobPlanOf = async ({ kind, group, searchId, uids }: RaidJobRequest): Promise<RaidJobPlan> =>
  planRaidJob(await getDb(), chatApi(), { kind, group, searchId }, uids);

/**
 * A new job on a raid's accounts, as `plan` says: at once, as a request for approval, or (an admin's
 * break glass) without one.
 */
export async function newRaidJob(
  input: RaidJobRequest,
  context: ActionContext,
  plan: RaidJobPlan,
  gate: Gate,
  breakGlassReason?: string,
) {
  const { kind, group, searchId, reason, preview } = input;
  checkGate(gate, kind === "delete_messages" ? plan.accounts.length : plan.toSend.length);
  const job = await createJob(await getDb(), {
    kind,
    purpose: "incident",
    blockerUid: null,
    groupGuid: kind === "ban" ? group : null,
    searchId: searchId ?? null,
    reason,
    uids: plan.toSend,
    settled: alreadyOutcomes({ kind, group }, plan.already),
    preBlocked: [],
    ...newJobOf(context, kind),
    approval: approvalOf(gate, preview, breakGlassReason),
  });
  if (job.status === "awaiting_approval") {
    revalidatePath("/incidents");
    return { ...jobSummary(job), status: job.status };
  }
  return { ...started(job), status: job.status };
}

export function startAction(kind: keyof typeof PERMISSIONS, name: AuditAction, gate: "start" | "request") {
  return defineAction({
    name,
    permission: PERMISSIONS[kind],
    describe: JOB_KINDS[kind].verb.toLowerCase(),
    input: raidJobSchema.check(z.refine((input) => input.kind === kind, { message: "The job's kind does not match." })),
    audit: raidJobAudit,
    prepare: raidJobPlanOf,
    run: (input, context, plan) => newRaidJob(input, context, plan, gate),
    completion: (result) => ({ outcome: "succeeded", summary: result }),
  });
}
