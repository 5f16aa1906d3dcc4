import { randomUUID } from "node:crypto";
import { SYSTEM_ACTOR } from "@/lib/audit/actor";
import { appendAuditEvent } from "@/lib/audit/append";
import { getDb, type Database } from "@/lib/db/client";
import { log } from "@/lib/log";
import { defineWorker } from "@/lib/workers/define-worker";
import { claimExpiryLogs, expireDueRequests, jobUids, settleExpiryLog } from "./decisions";
import type { BlockJob } from "@/lib/incidents/jobs";

/**
 * Expires requests for approval that nobody decided on in time, in every console process. The
 * expiry is a conditional UPDATE, so however many processes sweep at once, each request expires in
 * one of them, and that one logs "incident.job.expire" once.
 */

const POLL_MS = 5000;

async function logExpiry(db: Database, job: BlockJob): Promise<void> {
  await appendAuditEvent({
    operationId: randomUUID(),
    actor: SYSTEM_ACTOR,
    action: "incident.job.expire",
    outcome: "succeeded",
    affectedUids: await jobUids(db, job),
    targetUid: job.blockerUid,
    reason: `Request by ${job.createdByEmail} not approved in time: ${job.reason}`,
    requestBody: { jobId: job.id },
    summary: {
      jobId: job.id,
      requestedBy: job.createdByEmail,
      expiresAt: job.approvalExpiresAt?.toISOString(),
      notSent: job.cancelledCount,
    },
  });
}

/**
 * Expires what is due (or the one request `jobId`), then logs every expiry not yet logged, in
 * whichever process expired it or, if that one failed or died first, at a later sweep; the requests
 * it expired.
 */
export async function expireRequests(db: Database, jobId?: string): Promise<BlockJob[]> {
  const expired = await expireDueRequests(db, jobId);
  for (const job of await claimExpiryLogs(db, jobId)) {
    try {
      await logExpiry(db, job);
      await settleExpiryLog(db, job.id, true);
    } catch (error) {
      log().error(
        { err: error, component: "approvals", jobId: job.id },
        "the expiry could not be logged; the next sweep tries again",
      );
      await settleExpiryLog(db, job.id, false).catch(() => undefined);
    }
  }
  return expired;
}

/**
 * This process's sweep for expired requests. Each expiry is one conditional UPDATE: one cut off by the
 * shutdown is simply done at a later sweep, so stopping waits for nothing.
 */
export const approvalExpiry = defineWorker({
  name: "approval expiry",
  everyMs: () => POLL_MS,
  stopWaits: "nothing",
  init: () => ({}),
  tick: async () => void (await expireRequests(await getDb())),
});
